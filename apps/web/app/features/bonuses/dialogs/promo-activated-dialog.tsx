/**
 * The promo code activated popup (spec §2, §4 Promo code flow): what the code gave, where its bonus went (on the
 * bonus balance, or waiting in the bonus queue at its place and behind which bonus), and where to see it.
 */
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { placementText } from '../../../lib/bonus-placement';
import { useTranslation } from '../../../lib/i18n-lite';
import type { TPlaceProps } from '../../../ui/dialogs';
import { useAccount } from '../../account/use-account';
import { useLocaleHref } from '../../frame/use-site';
import type { TPromoActivated } from '../api/bonuses-api';

export default function PromoActivatedDialog({
  dialog,
  activated,
}: TPlaceProps<{ activated: TPromoActivated }>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const localeHref = useLocaleHref();
  const currency = useAccount()?.balance.currency || 'USD';
  const bonus = activated.bonus_item;
  return (
    <div className="flex flex-col gap-4 p-6 text-center" data-testid="promo-activated-dialog">
      <h2 className="text-xl font-bold text-[var(--text-strong)]">
        {t('popups.promoActivated.title', { defaultValue: 'Promo code activated' })}
      </h2>
      <p className="text-sm text-[var(--text-muted)]" data-testid="promo-activated-placement">
        {bonus
          ? placementText(t, bonus, currency)
          : t('popups.promoActivated.description', { defaultValue: 'Your bonus is ready. Enjoy the game!' })}
      </p>
      {bonus && (
        <p className="rounded-xl bg-white/5 p-3 text-sm text-[var(--text-strong)]">
          <span className="block font-bold">{bonus.description.title}</span>
          {bonus.description.text}
        </p>
      )}
      <div className="flex flex-wrap justify-center gap-2">
        <button type="button" className="btn btn-primary" onClick={dialog.close}>
          {t('popups.promoActivated.button', { defaultValue: 'Great' })}
        </button>
        <button
          type="button"
          className="btn btn-ghost"
          onClick={() => {
            dialog.close();
            navigate(localeHref(paths.profile.bonuses));
          }}
        >
          {t('popups.promoActivated.seeBonuses', { defaultValue: 'My bonuses' })}
        </button>
      </div>
    </div>
  );
}
