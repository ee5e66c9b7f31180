/** `/cashier/deposit` (the cashier feature draws it). */
import type { MetaFunction } from 'react-router';
import { DepositIndex } from '../features/cashier/components/deposit-index';
import '../features/cashier/cashier.css';

export const meta: MetaFunction = () => [
  { title: 'Deposit | Casino' },
  { name: 'robots', content: 'noindex' },
];

export default function CashierDepositIndexRoute() {
  return <DepositIndex />;
}
