/** A transaction status as a coloured badge. */
import { useTranslation } from '../../../lib/i18n-lite';

/** The message keys the seed has for statuses (cashier.history.status…). */
const KEYS: Record<string, string> = {
  new: 'statusNew',
  pending: 'statusPending',
  success: 'statusSuccess',
  failed: 'statusFail',
  declined: 'statusDeclined',
  cancelled: 'statusCancelled',
  expired: 'statusExpired',
  refunded: 'statusRefunded',
};

const LABELS: Record<string, string> = {
  new: 'New',
  pending: 'Pending',
  success: 'Success',
  failed: 'Failed',
  declined: 'Declined',
  cancelled: 'Cancelled',
  expired: 'Expired',
  refunded: 'Refunded',
};

/** A withdrawal an operator declined reads as declined, not as a payment that failed (its money is back). */
export const shownStatus = (item: { status: string; reason?: string | null }) =>
  item.reason === 'declined' ? 'declined' : item.status;

export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <span className={`cs-badge cs-badge-${status}`}>
      {t(`cashier.history.${KEYS[status] ?? status}`, { defaultValue: LABELS[status] ?? status })}
    </span>
  );
}

export const statusKey = (status: string) => `cashier.history.${KEYS[status] ?? status}`;
export const statusLabel = (status: string) => LABELS[status] ?? status;
