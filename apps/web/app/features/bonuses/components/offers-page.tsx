/**
 * /offers and /offers/{id}: the deposit offers (campaigns.getoffers, spec §6: shown to visitors, and to players
 * whose state satisfies them), each with its bonus terms in full; /offers/{id} is one offer's page.
 */
import type { TCampaignOffer } from '@casino/contracts/calls/campaigns';
import { paths } from '../../../config/paths';
import { formatAmount } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n-lite';
import { LocaleLink } from '../../frame/locale-link';
import type { TPromotion } from '../api/bonuses-api';
import { PromotionAction } from './promotion-action';
import { PromotionTerms } from './promotion-terms';

interface TProps {
  offers: TCampaignOffer[];
  /** The promotions of the offers (their full terms), by offer id. */
  terms: Record<number, TPromotion>;
  currency: string;
  /** /offers/{id}: the offer shown alone. */
  openId?: number;
}

export function OffersPage({ offers, terms, currency, openId }: TProps) {
  const { t } = useTranslation();
  const one = openId === undefined ? undefined : offers.find((o) => o.id === openId);
  if (one) return <OfferDetail offer={one} promotion={terms[one.id]} currency={currency} />;
  return (
    <div className="mx-auto w-full max-w-6xl py-6 lg:py-10">
      <h1 className="text-2xl font-bold text-[var(--text-strong)] sm:text-3xl">
        {t('header.nav.offers', { defaultValue: 'Offers' })}
      </h1>
      {offers.length === 0 ? (
        <p className="empty-state mt-8 py-12" data-testid="offers-empty">
          {t('pages.empty.offers', { defaultValue: 'There are no offers for you right now.' })}
        </p>
      ) : (
        <ul className="mt-6 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="offers">
          {offers.map((offer) => {
            const promotion = offer.promotions?.[0];
            return (
              <li key={offer.id} className="card flex flex-col gap-3 p-5" data-testid="offer-card">
                <div className="flex items-start gap-3">
                  {offer.description?.image && (
                    <img
                      src={offer.description.image}
                      alt=""
                      width={64}
                      height={64}
                      className="size-16 rounded-2xl"
                    />
                  )}
                  <div className="min-w-0">
                    <h2 className="text-lg font-bold text-[var(--text-strong)]">
                      {offer.description?.title}
                    </h2>
                    {promotion && (
                      <p className="mt-1 text-sm font-semibold text-[var(--accent)]">
                        {t('pages.promotions.percentUpTo', {
                          defaultValue: '{percent}% of the deposit, up to {max}',
                          percent: promotion.percent,
                          max: formatAmount(promotion.max_amount, currency),
                        })}
                      </p>
                    )}
                  </div>
                </div>
                <p className="text-sm text-[var(--text-muted)]">{offer.description?.text}</p>
                {offer.trigger && !offer.trigger.user_satisfies_params && (
                  <p className="text-xs text-amber-200">
                    {t('pages.offers.notForYou', {
                      defaultValue: 'This offer is not available for your account now.',
                    })}
                  </p>
                )}
                <LocaleLink
                  to={paths.offer(offer.id)}
                  className="btn btn-ghost mt-auto"
                  data-testid="offer-details"
                >
                  {t('pages.promotions.details', { defaultValue: 'Full terms' })}
                </LocaleLink>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

function OfferDetail({
  offer,
  promotion,
  currency,
}: {
  offer: TCampaignOffer;
  promotion: TPromotion | undefined;
  currency: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto w-full max-w-3xl py-6 lg:py-10" data-testid="offer-detail">
      <LocaleLink
        to={paths.offers}
        className="text-sm text-[var(--text-muted)] hover:text-[var(--text-strong)]"
      >
        ← {t('header.nav.offers', { defaultValue: 'Offers' })}
      </LocaleLink>
      <div className="card mt-4 flex flex-col gap-5 p-6">
        <div className="flex items-start gap-4">
          {offer.description?.image && (
            <img
              src={offer.description.image}
              alt=""
              width={96}
              height={96}
              className="size-20 rounded-2xl"
            />
          )}
          <div className="min-w-0">
            <h1 className="text-2xl font-bold text-[var(--text-strong)]">{offer.description?.title}</h1>
            <p className="mt-1 text-sm text-[var(--text-muted)]">{offer.description?.text}</p>
          </div>
        </div>
        {promotion && <PromotionTerms bonus={promotion.bonus} currency={currency} />}
        {offer.trigger?.params.exclude_methods.length ? (
          <p className="text-xs text-[var(--text-muted)]">
            {t('pages.offers.excluded', {
              defaultValue: 'Not with: {methods}',
              methods: offer.trigger.params.exclude_methods.join(', '),
            })}
          </p>
        ) : null}
        {promotion && offer.trigger?.user_satisfies_params !== false && (
          <PromotionAction promotion={promotion} />
        )}
      </div>
    </div>
  );
}
