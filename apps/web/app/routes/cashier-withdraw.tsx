/** `/cashier/withdraw` (the cashier feature draws it). */
import type { MetaFunction } from 'react-router';
import { WithdrawPage } from '../features/cashier/components/withdraw-page';
import '../features/cashier/cashier.css';
import { pageTitle } from '../lib/site/page-title';

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, ['pages.titles.withdraw', 'Withdraw']) },
  { name: 'robots', content: 'noindex' },
];

export default function CashierWithdrawPageRoute() {
  return <WithdrawPage />;
}
