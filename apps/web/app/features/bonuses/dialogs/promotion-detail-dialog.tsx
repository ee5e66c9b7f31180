/** The promotions detail dialog (spec §2): a promotion's words, its bonus terms in full, and how to take it. */

import { formatDateTime } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n-lite';
import type { TPlaceProps } from '../../../ui/dialogs';
import type { TPromotion } from '../api/bonuses-api';
import { PromotionAction } from '../components/promotion-action';
import { PromotionTerms } from '../components/promotion-terms';

export default function PromotionDetailDialog({
  dialog,
  promotion,
  currency,
}: TPlaceProps<{ promotion: TPromotion; currency: string }>) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-5 p-6" data-testid="promotion-detail">
      <div className="flex items-start gap-4">
        {promotion.image && (
          <img src={promotion.image} alt="" width={96} height={96} className="size-20 shrink-0 rounded-2xl" />
        )}
        <div className="min-w-0">
          <h2 className="text-xl font-bold text-[var(--text-strong)]">{promotion.title}</h2>
          <p className="mt-1 text-sm text-[var(--text-muted)]">{promotion.text}</p>
          {promotion.ends_at && (
            <p className="mt-1 text-xs text-[var(--text-muted)]">
              {t('pages.promotions.endsAt', {
                defaultValue: 'Until {date}',
                date: formatDateTime(promotion.ends_at),
              })}
            </p>
          )}
        </div>
      </div>
      <PromotionTerms bonus={promotion.bonus} currency={currency} freespins={promotion.freespins} />
      <p className="text-xs text-[var(--text-muted)]">
        {t('pages.promotions.rules', {
          defaultValue:
            'Real money is staked first, then the bonus. When the wagering is done the bonus becomes real money. A withdrawal while the bonus is active gives it up: we always ask first.',
        })}
      </p>
      <PromotionAction promotion={promotion} onDone={dialog.close} />
    </div>
  );
}
