/** `/cashier/wallet` (the cashier feature draws it). */
import type { MetaFunction } from 'react-router';
import { WalletPage } from '../features/cashier/components/wallet-page';
import '../features/cashier/cashier.css';
import { pageTitle } from '../lib/site/page-title';

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, ['pages.titles.wallet', 'Wallet']) },
  { name: 'robots', content: 'noindex' },
];

export default function CashierWalletPageRoute() {
  return <WalletPage />;
}
