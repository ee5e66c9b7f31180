/** `/cashier/withdraw` (the cashier feature draws it). */
import type { MetaFunction } from 'react-router';
import { WithdrawPage } from '../features/cashier/components/withdraw-page';
import '../features/cashier/cashier.css';

export const meta: MetaFunction = () => [
  { title: 'Withdraw | Casino' },
  { name: 'robots', content: 'noindex' },
];

export default function CashierWithdrawPageRoute() {
  return <WithdrawPage />;
}
