/**
 * The payment result pages (spec §2 System pages): success → game hall, fail / cancel / new window → deposit,
 * pending shows a spinner and polls the transaction until it settles, mobile waits for the phone.
 */
import { type MetaFunction, useMatches, useParams, useSearchParams } from 'react-router';
import { PaymentWatch } from '../features/cashier/components/payment-watch';
import '../features/cashier/cashier.css';
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

/** These pages wait for the payment to settle elsewhere and then move on to its result page. */
const FOLLOWING = new Set<TSystemPageId>(['payment-pending', 'payment-new-window', 'payment-mobile']);

export const loader = () => null;

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, ['pages.titles.cashier', 'Cashier']) },
  { name: 'robots', content: 'noindex' },
];

export default function CashierPaymentResult() {
  const id = useMatches().at(-1)?.id ?? '';
  const page = PAGE_OF[id] ?? 'payment-fail';
  const params = useParams();
  const [search] = useSearchParams();
  const transaction = params.transaction ?? search.get('transaction');
  return (
    <SystemPage page={page}>
      <PaymentWatch
        key={transaction ?? ''}
        transaction={transaction}
        follow={FOLLOWING.has(page)}
        mobile={page === 'payment-mobile'}
        backOnSuccess={page === 'payment-success'}
      />
    </SystemPage>
  );
}
