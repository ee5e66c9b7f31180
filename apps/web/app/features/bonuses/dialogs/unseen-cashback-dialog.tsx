/** The unseen cashback popup (spec §2, §4): the newest cashback, and the way to claim it. */
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { formatAmount } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n-lite';
import type { TPlaceProps } from '../../../ui/dialogs';
import { useAccount } from '../../account/use-account';
import { useLocaleHref } from '../../frame/use-site';
import type { TCashbackItem } from '../api/bonuses-api';

export default function UnseenCashbackDialog({
  dialog,
  cashback,
}: TPlaceProps<{ cashback: Partial<TCashbackItem> & { id: number } }>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const localeHref = useLocaleHref();
  const currency = useAccount()?.balance.currency || 'USD';
  return (
    <div className="flex flex-col gap-4 p-6 text-center" data-testid="unseen-cashback-dialog">
      <h2 className="text-xl font-bold text-[var(--text-strong)]">
        {t('popups.unseenCashback.title', { defaultValue: 'You have cashback' })}
      </h2>
      <p className="text-sm text-[var(--text-muted)]">
        {t('popups.unseenCashback.description', {
          defaultValue: 'Part of your losses is back: {amount}.',
          amount: formatAmount(cashback.amount ?? 0, currency),
        })}
      </p>
      <button
        type="button"
        className="btn btn-primary"
        onClick={() => {
          dialog.close();
          navigate(localeHref(paths.profile.cashback));
        }}
      >
        {t('popups.unseenCashback.button', { defaultValue: 'Get cashback' })}
      </button>
    </div>
  );
}
