/** `/cashier/receipt` (the cashier feature draws it). */
import type { MetaFunction } from 'react-router';
import { ReceiptPage } from '../features/cashier/components/receipt-page';
import '../features/cashier/cashier.css';

export const meta: MetaFunction = () => [
  { title: 'Receipt | Casino' },
  { name: 'robots', content: 'noindex' },
];

export default function CashierReceiptPageRoute() {
  return <ReceiptPage />;
}
