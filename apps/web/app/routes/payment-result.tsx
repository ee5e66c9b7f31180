/** The payment result pages (spec §2 System pages): cancel, fail, new window, success, pending, mobile. */
import { type MetaFunction, useMatches } from 'react-router';
import { SystemPage, type TSystemPageId } from '../features/system-pages/system-page';
import { pageTitle } from '../lib/site/page-title';

const PAGE_OF: Record<string, TSystemPageId> = {
  'cashier-paycancel': 'payment-cancel',
  'cashier-payfail': 'payment-fail',
  'cashier-paynewwindow': 'payment-new-window',
  'cashier-paysuccess': 'payment-success',
  'cashier-paypending': 'payment-pending',
  'cashier-paymobile': 'payment-mobile',
};

export const loader = () => null;

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, ['pages.titles.cashier', 'Cashier']) },
  { name: 'robots', content: 'noindex' },
];

export default function PaymentResult() {
  const id = useMatches().at(-1)?.id ?? '';
  return <SystemPage page={PAGE_OF[id] ?? 'payment-fail'} />;
}
