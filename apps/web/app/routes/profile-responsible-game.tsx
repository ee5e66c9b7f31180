import type { LoaderFunctionArgs, MetaFunction } from 'react-router';
import { ResponsibleGamePage } from '../features/profile/components/responsible-game-page';
import { requireFlag } from '../features/profile/lib/guard.server';

export const meta: MetaFunction = () => [
  { title: 'Responsible gaming | Casino' },
  { name: 'robots', content: 'noindex' },
];

export const loader = ({ context }: LoaderFunctionArgs) => requireFlag(context, 'isResponsibleGamingEnable');

export default function Route() {
  return <ResponsibleGamePage />;
}
