/** `/cashier/deposit/{sysname}`: the deposit form of one payment method. */
import { type MetaFunction, useParams } from 'react-router';
import { DepositForm } from '../features/cashier/components/deposit-form';
import '../features/cashier/cashier.css';

export const meta: MetaFunction = () => [
  { title: 'Deposit | Casino' },
  { name: 'robots', content: 'noindex' },
];

export default function CashierDepositMethodRoute() {
  const { sysname = '' } = useParams();
  return <DepositForm sysname={sysname} />;
}
