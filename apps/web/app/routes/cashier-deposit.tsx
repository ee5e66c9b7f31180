/** `/cashier/deposit` (the cashier feature draws it). */
import type { MetaFunction } from 'react-router';
import { DepositIndex } from '../features/cashier/components/deposit-index';
import '../features/cashier/cashier.css';
import { pageTitle } from '../lib/site/page-title';

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, ['pages.titles.deposit', 'Deposit']) },
  { name: 'robots', content: 'noindex' },
];

export default function CashierDepositIndexRoute() {
  return <DepositIndex />;
}
