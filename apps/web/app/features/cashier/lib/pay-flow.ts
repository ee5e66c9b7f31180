/**
 * Where a deposit goes after makedeposit: the hosted page in this window, in a new window (this tab shows
 * `paynewwindow`), or the mobile flow (`paymobile`); and which result page a transaction status leads to.
 */
import { paths } from '../../../config/paths';

export type TPayFlow = 'same' | 'new-window' | 'mobile';

export const payFlowFor = (options: { isMobile: boolean; newWindow: boolean }): TPayFlow =>
  options.isMobile ? 'mobile' : options.newWindow ? 'new-window' : 'same';

/** The result page of a settled transaction; null while it is still new or pending. */
export const resultPathOf = (status: string, transaction: string): string | null => {
  if (status === 'success') return paths.cashier.paySuccess(transaction);
  if (status === 'failed') return paths.cashier.payFail(transaction);
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

export const waitingPath = (flow: 'new-window' | 'mobile', transaction: string, url?: string) => {
  const query = new URLSearchParams({ transaction });
  if (url) query.set('url', url);
  return `${flow === 'mobile' ? paths.cashier.payMobile : paths.cashier.payNewWindow}?${query}`;
};
