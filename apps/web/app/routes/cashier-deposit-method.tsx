/** `/cashier/deposit/{sysname}`: the deposit form of one payment method. */
import { type MetaFunction, useParams } from 'react-router';
import { DepositForm } from '../features/cashier/components/deposit-form';
import '../features/cashier/cashier.css';
import { pageTitle } from '../lib/site/page-title';

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, ['pages.titles.deposit', 'Deposit']) },
  { name: 'robots', content: 'noindex' },
];

export default function CashierDepositMethodRoute() {
  const { sysname = '' } = useParams();
  return <DepositForm sysname={sysname} />;
}
