/**
 * /promotions and /promotions/{id}: every live promotion (the deposit offers and the public promo codes) as a card
 * with its headline figures; a card opens the promotions detail dialog (spec §2), whose URL is /promotions/{id}.
 */
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { formatAmount } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n-lite';
import { LocaleLink } from '../../frame/locale-link';
import { useLocaleHref } from '../../frame/use-site';
import type { TPromotion } from '../api/bonuses-api';
import { openPromotionDetail } from '../dialogs/promotion-detail-place';

interface TProps {
  promotions: TPromotion[];
  currency: string;
  /** /promotions/{id}: the promotion whose detail dialog is open. */
  openId?: string;
}

const headline = (
  promotion: TPromotion,
  currency: string,
  t: (key: string, options: Record<string, unknown>) => string,
) =>
  promotion.freespins
    ? t('pages.promotions.freespins', {
        defaultValue: '{count} free spins',
        count: promotion.freespins.count,
      })
    : promotion.bonus.amount !== null
      ? formatAmount(promotion.bonus.amount, currency)
      : t('pages.promotions.percentUpTo', {
          defaultValue: '{percent}% of the deposit, up to {max}',
          percent: promotion.bonus.percent ?? 0,
          max: formatAmount(promotion.bonus.max_amount ?? 0, currency),
        });

export function PromotionsPage({ promotions, currency, openId }: TProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const localeHref = useLocaleHref();
  const open = promotions.find((p) => p.id === openId);

  useEffect(() => {
    if (!open) return;
    openPromotionDetail(open, currency, {
      onClose: () => navigate(localeHref(paths.promotions), { replace: true, preventScrollReset: true }),
    });
  }, [open, currency, navigate, localeHref]);

  return (
    <div className="mx-auto w-full max-w-6xl py-6 lg:py-10">
      <h1 className="text-2xl font-bold text-[var(--text-strong)] sm:text-3xl">
        {t('pages.promotions.title', { defaultValue: 'Promotions' })}
      </h1>
      <p className="mt-2 max-w-2xl text-sm text-[var(--text-muted)]">
        {t('pages.promotions.intro', {
          defaultValue:
            'Every bonus with its full terms, before you take it: wagering, max bet, what counts and for how long.',
        })}
      </p>
      {promotions.length === 0 ? (
        <p className="empty-state mt-8 py-12" data-testid="promotions-empty">
          {t('pages.promotions.empty', {
            defaultValue: 'There are no promotions right now. Come back soon.',
          })}
        </p>
      ) : (
        <ul className="mt-6 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="promotions">
          {promotions.map((promotion) => (
            <li key={promotion.id} className="card flex flex-col gap-3 p-5" data-testid="promotion-card">
              <div className="flex items-start gap-3">
                {promotion.image && (
                  <img
                    src={promotion.image}
                    alt=""
                    width={64}
                    height={64}
                    loading="lazy"
                    className="size-16 shrink-0 rounded-2xl"
                  />
                )}
                <div className="min-w-0">
                  <h2 className="text-lg font-bold text-[var(--text-strong)]">{promotion.title}</h2>
                  <p className="mt-1 text-sm font-semibold text-[var(--accent)]">
                    {headline(promotion, currency, t)}
                  </p>
                </div>
              </div>
              <p className="line-clamp-3 text-sm text-[var(--text-muted)]">{promotion.text}</p>
              <ul className="flex flex-wrap gap-2 text-xs text-[var(--text-strong)]">
                <li className="rounded-full bg-white/5 px-3 py-1">
                  {t('pages.promotions.wageringValue', {
                    defaultValue: '{multiplier}× the bonus',
                    multiplier: promotion.bonus.wager_multiplier,
                  })}
                </li>
                {promotion.bonus.max_bet !== null && (
                  <li className="rounded-full bg-white/5 px-3 py-1">
                    {t('pages.promotions.maxBetShort', {
                      defaultValue: 'Max bet {amount}',
                      amount: formatAmount(promotion.bonus.max_bet, currency),
                    })}
                  </li>
                )}
                <li className="rounded-full bg-white/5 px-3 py-1">
                  {t('pages.promotions.days', {
                    defaultValue: '{days} days',
                    days: promotion.bonus.valid_days,
                  })}
                </li>
              </ul>
              <LocaleLink
                to={paths.promotion(promotion.id)}
                preventScrollReset
                className="btn btn-ghost mt-auto"
                data-testid="promotion-details"
              >
                {t('pages.promotions.details', { defaultValue: 'Full terms' })}
              </LocaleLink>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
