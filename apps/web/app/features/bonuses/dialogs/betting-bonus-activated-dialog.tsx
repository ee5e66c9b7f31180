/** The betting bonus activated confirm (spec §2): the sportsbook bonus is on the betting bonus balance now. */
import { useTranslation } from '../../../lib/i18n-lite';
import type { TPlaceProps } from '../../../ui/dialogs';

export default function BettingBonusActivatedDialog({ dialog, amount }: TPlaceProps<{ amount: string }>) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-4 p-6 text-center" data-testid="betting-bonus-activated-dialog">
      <h2 className="text-xl font-bold text-[var(--text-strong)]">
        {t('popups.confirm.bettingBonusActivated', { defaultValue: 'Your betting bonus has been activated' })}
      </h2>
      <p className="text-sm text-[var(--text-muted)]">
        {t('popups.bettingBonus.balance', {
          defaultValue: '{amount} is on your betting bonus balance.',
          amount,
        })}
      </p>
      <button type="button" className="btn btn-primary" onClick={dialog.close}>
        {t('popups.promoActivated.button', { defaultValue: 'Great' })}
      </button>
    </div>
  );
}
