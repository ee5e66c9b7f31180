/**
 * Where a deposit goes after makedeposit: the hosted page in this window, in a new window (this tab shows
 * `paynewwindow`), or the mobile flow (`paymobile`); and which result page a transaction status leads to.
 */
import { safeReturnUrl } from '@casino/contracts/return-url';
import { paths } from '../../../config/paths';

export type TPayFlow = 'same' | 'new-window' | 'mobile';

export const payFlowFor = (options: { isMobile: boolean; newWindow: boolean }): TPayFlow =>
  options.isMobile ? 'mobile' : options.newWindow ? 'new-window' : 'same';

/** The result page of a settled transaction; null while it is still new or pending. */
export const resultPathOf = (status: string, transaction: string): string | null => {
  if (status === 'success') return paths.cashier.paySuccess(transaction);
  // Expired or refunded: the deposit was not credited, as for a failed payment.
  if (status === 'failed' || status === 'expired' || status === 'refunded')
    return paths.cashier.payFail(transaction);
  if (status === 'cancelled')
    return `${paths.cashier.payCancel}?transaction=${encodeURIComponent(transaction)}`;
  return null;
};

/** The hosted page is ours to open only when it is a web page (never `javascript:` or the like). */
export const isSafePaymentUrl = (url: string) => {
  try {
    const parsed = new URL(url, 'http://localhost');
    return parsed.protocol === 'https:' || parsed.protocol === 'http:';
  } catch {
    return false;
  }
};

/** The waiting page of a transaction; it never carries the payment page's address (a link could forge it). */
export const waitingPath = (flow: 'new-window' | 'mobile', transaction: string) =>
  `${flow === 'mobile' ? paths.cashier.payMobile : paths.cashier.payNewWindow}?${new URLSearchParams({ transaction })}`;

const PAYMENT_URL_KEY = 'cashier.payment-url:';

/**
 * The mobile flow's payment page, kept in this tab for its waiting page: what makedeposit answered this player,
 * never an address from the query, so a link from elsewhere cannot make the page offer a phishing page.
 */
export const rememberPaymentUrl = (storage: Pick<Storage, 'setItem'>, transaction: string, url: string) => {
  try {
    storage.setItem(PAYMENT_URL_KEY + transaction, url);
  } catch {
    // Storage full or blocked: the waiting page shows no button, the receipt still follows the payment.
  }
};

export const rememberedPaymentUrl = (storage: Pick<Storage, 'getItem'>, transaction: string | null) => {
  if (!transaction) return null;
  try {
    const url = storage.getItem(PAYMENT_URL_KEY + transaction);
    return url && isSafePaymentUrl(url) ? url : null;
  } catch {
    return null;
  }
};

/** Spec §2: a `backUrl` of the cashier's query waits under the pay-success key for the payment to succeed. */
export const PAY_SUCCESS_BACK_URL_KEY = 'pay_success_back_url';

/**
 * Keeps the `backUrl` of a cashier page's query (e.g. a game page sent the player to deposit). Only an address of
 * ours: a link from elsewhere must not turn our payment success into a step towards another site.
 */
export const rememberPayBackUrl = (storage: Pick<Storage, 'setItem'>, search: string, origin: string) => {
  const back = new URLSearchParams(search).get('backUrl');
  if (!back) return;
  const safe = safeReturnUrl(back, { own: [origin], allowed: [] });
  if (!safe) return;
  try {
    storage.setItem(PAY_SUCCESS_BACK_URL_KEY, safe);
  } catch {
    // Storage blocked: the success page keeps its own button to the game hall.
  }
};

/**
 * Where the success page sends the player: the kept back URL once the payment is known to have succeeded (or
 * the page has no transaction to wait for). It is used once: taking it removes it.
 */
export const takePayBackUrl = (
  storage: Pick<Storage, 'getItem' | 'removeItem'>,
  transaction: string | null,
  status: string | undefined,
  origin: string,
): string | null => {
  if (transaction && status !== 'success') return null;
  try {
    const back = storage.getItem(PAY_SUCCESS_BACK_URL_KEY);
    if (!back) return null;
    storage.removeItem(PAY_SUCCESS_BACK_URL_KEY);
    return safeReturnUrl(back, { own: [origin], allowed: [] });
  } catch {
    return null;
  }
};
