import type { MetaFunction } from 'react-router';
import { CashbackPage } from '../features/bonuses/components/cashback-page';
import { pageTitle } from '../lib/site/page-title';

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, ['profile.tabs.cashback', 'Cashback']) },
  { name: 'robots', content: 'noindex' },
];

export default function Route() {
  return <CashbackPage />;
}
