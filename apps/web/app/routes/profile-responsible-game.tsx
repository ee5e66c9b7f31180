import type { LoaderFunctionArgs, MetaFunction } from 'react-router';
import { ResponsibleGamePage } from '../features/profile/components/responsible-game-page';
import { requireFlag } from '../features/profile/lib/guard.server';
import { pageTitle } from '../lib/site/page-title';

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, ['pages.titles.responsibleGaming', 'Responsible gaming']) },
  { name: 'robots', content: 'noindex' },
];

export const loader = ({ context }: LoaderFunctionArgs) => requireFlag(context, 'isResponsibleGamingEnable');

export default function Route() {
  return <ResponsibleGamePage />;
}
