/** `/cashier/history` (the cashier feature draws it). */
import type { MetaFunction } from 'react-router';
import { HistoryPage } from '../features/cashier/components/history-page';
import '../features/cashier/cashier.css';
import { pageTitle } from '../lib/site/page-title';

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, ['pages.titles.history', 'History']) },
  { name: 'robots', content: 'noindex' },
];

export default function CashierHistoryPageRoute() {
  return <HistoryPage />;
}
