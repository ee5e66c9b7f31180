/** A transaction status as a coloured badge. */
import { useTranslation } from '../../../lib/i18n-lite';

/** The message keys the seed has for statuses (cashier.history.status…). */
const KEYS: Record<string, string> = {
  new: 'statusNew',
  pending: 'statusPending',
  success: 'statusSuccess',
  failed: 'statusFail',
  cancelled: 'statusCancelled',
  expired: 'statusExpired',
  refunded: 'statusRefunded',
};

const LABELS: Record<string, string> = {
  new: 'New',
  pending: 'Pending',
  success: 'Success',
  failed: 'Failed',
  cancelled: 'Cancelled',
  expired: 'Expired',
  refunded: 'Refunded',
};

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
