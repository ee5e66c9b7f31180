/** `/cashier/wallet` (the cashier feature draws it). */
import type { MetaFunction } from 'react-router';
import { WalletPage } from '../features/cashier/components/wallet-page';
import '../features/cashier/cashier.css';

export const meta: MetaFunction = () => [
  { title: 'Wallet | Casino' },
  { name: 'robots', content: 'noindex' },
];

export default function CashierWalletPageRoute() {
  return <WalletPage />;
}
