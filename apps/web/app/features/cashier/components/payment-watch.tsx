/**
 * What the payment result pages add to their system page: the transaction's amount, and, while it is still
 * open (pending, new window, mobile), a poll of its status that moves on to the right result page.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { track } from '../../../lib/analytics';
import { formatAmount } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n-lite';
import { LocaleLink } from '../../frame/locale-link';
import { useLocaleHref } from '../../frame/use-site';
import { cashierKeys } from '../api/cashier-api';
import { useTransaction } from '../hooks/use-transaction';
import { rememberedPaymentUrl, resultPathOf, takePayBackUrl } from '../lib/pay-flow';

/** The analytics deposit event, once per transaction even if the result page is opened again. */
const trackDepositOnce = (transaction: string, amount: unknown, currency: string) => {
  const key = `deposit-tracked:${transaction}`;
  try {
    if (window.sessionStorage.getItem(key)) return;
    window.sessionStorage.setItem(key, '1');
  } catch {
    // No storage: tracked on every visit of the page.
  }
  track('deposit', { transaction, amount: Number(amount), currency });
};

export function PaymentWatch({
  transaction,
  follow,
  mobile = false,
  backOnSuccess = false,
}: {
  transaction: string | null;
  /** Move on to the result page once the status is final (pending, new window, mobile). */
  follow: boolean;
  /** The mobile flow's page: a button to the payment page this tab opened the deposit with. */
  mobile?: boolean;
  /** The success page: back to the `backUrl` the cashier was opened with (spec §2 pay-success key), if any. */
  backOnSuccess?: boolean;
}) {
  const [paymentUrl, setPaymentUrl] = useState<string | null>(null);
  useEffect(() => {
    if (mobile) setPaymentUrl(rememberedPaymentUrl(sessionStorage, transaction));
  }, [mobile, transaction]);
  const { t } = useTranslation();
  const navigate = useNavigate();
  const localeHref = useLocaleHref();
  const client = useQueryClient();
  const tx = useTransaction(transaction, { poll: follow });
  const status = tx.data?.status;
  useEffect(() => {
    if (!transaction || !status) return;
    void client.invalidateQueries({ queryKey: cashierKeys.unseen });
    if (status === 'success' && !follow && tx.data)
      trackDepositOnce(transaction, tx.data.amount, tx.data.currency);
    if (!follow) return;
    const target = resultPathOf(status, transaction);
    if (target) navigate(localeHref(target), { replace: true });
  }, [status, transaction, follow, navigate, localeHref, client, tx.data]);

  useEffect(() => {
    if (!backOnSuccess) return;
    const back = takePayBackUrl(localStorage, transaction, status, window.location.origin);
    if (!back) return;
    if (back.startsWith('/')) navigate(back, { replace: true });
    else window.location.assign(back);
  }, [backOnSuccess, transaction, status, navigate]);

  return (
    <div className="mt-4 flex flex-col items-center gap-3">
      {tx.data && (
        <p
          className="text-2xl font-black tabular-nums text-[var(--text-strong)]"
          data-testid="payment-amount"
        >
          {formatAmount(tx.data.amount, tx.data.currency)}
        </p>
      )}
      {paymentUrl && (
        <a href={paymentUrl} className="btn btn-primary" target="_blank" rel="noopener">
          {t('cashier.payment.continue', { defaultValue: 'Continue to payment' })}
        </a>
      )}
      {transaction && (
        <LocaleLink
          to={`${paths.cashier.receipt}?transaction=${encodeURIComponent(transaction)}`}
          className="text-sm font-semibold text-[var(--accent)]"
        >
          {t('cashier.payment.receipt', { defaultValue: 'View receipt' })}
        </LocaleLink>
      )}
    </div>
  );
}
