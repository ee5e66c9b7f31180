/** `/cashier/receipt` (the cashier feature draws it). */
import type { MetaFunction } from 'react-router';
import { ReceiptPage } from '../features/cashier/components/receipt-page';
import '../features/cashier/cashier.css';
import { pageTitle } from '../lib/site/page-title';

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, ['pages.titles.receipt', 'Receipt']) },
  { name: 'robots', content: 'noindex' },
];

export default function CashierReceiptPageRoute() {
  return <ReceiptPage />;
}
