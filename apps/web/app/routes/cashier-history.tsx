/** `/cashier/history` (the cashier feature draws it). */
import type { MetaFunction } from 'react-router';
import { HistoryPage } from '../features/cashier/components/history-page';
import '../features/cashier/cashier.css';

export const meta: MetaFunction = () => [
  { title: 'History | Casino' },
  { name: 'robots', content: 'noindex' },
];

export default function CashierHistoryPageRoute() {
  return <HistoryPage />;
}
