import type { LoaderFunctionArgs, MetaFunction } from 'react-router';
import { BetsPage } from '../features/profile/components/bets-page';
import { requireFlag } from '../features/profile/lib/guard.server';

export const meta: MetaFunction = () => [
  { title: 'Bet history | Casino' },
  { name: 'robots', content: 'noindex' },
];

export const loader = ({ context }: LoaderFunctionArgs) => requireFlag(context, 'isBetHistoryEnable');

export default function Route() {
  return <BetsPage />;
}
