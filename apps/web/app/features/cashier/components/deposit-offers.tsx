/**
 * The deposit offers of the deposit form (spec §3, §6): a radio group of "No bonus" (campaign_offer_id -1) and
 * the offers the player may take with this method, each with its terms; under it, the bonus the typed amount
 * earns with the chosen offer (a polite live region), and the server's or the form's refusal of the offer.
 */

import { formatMoney } from '@casino/contracts/money';
import { useId } from 'react';
import { formatAmount } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n-lite';
import {
  bonusPromotion,
  NO_OFFER,
  offerBonus,
  offerMinAmount,
  offerText,
  offerTitle,
  type TOffer,
} from '../lib/offers';

/** The codes makedeposit answers on campaign_offer_id, and the form's own check of the offer minimum. */
const OFFER_ERRORS: Record<string, [string, string]> = {
  offerNotEligible: ['cashier.offers.errors.notEligible', 'This offer is not available to you any more.'],
  offerMethodExcluded: [
    'cashier.offers.errors.methodExcluded',
    'This offer cannot be taken with this payment method.',
  ],
  offerMinAmount: ['cashier.offers.errors.minAmount', 'Deposit at least {min} to take this offer.'],
  wrongField: ['cashier.offers.errors.unavailable', 'This offer has ended. Choose another one.'],
};

export function DepositOffers({
  offers,
  selected,
  onSelect,
  amount,
  currency,
  error,
}: {
  offers: readonly TOffer[];
  selected: number;
  onSelect: (id: number) => void;
  /** The amount as typed (with commas). */
  amount: string;
  currency: string;
  /** A field code on campaign_offer_id, from the server or the form. */
  error: string | null;
}) {
  const { t } = useTranslation();
  const id = useId();
  const chosen = offers.find((o) => o.id === selected) ?? null;
  const price = (major: number) => formatAmount(major, currency);
  const errorText = (() => {
    if (!error) return null;
    const [key, fallback] = OFFER_ERRORS[error] ?? (OFFER_ERRORS.wrongField as [string, string]);
    return t(key, { defaultValue: fallback, min: price(chosen ? offerMinAmount(chosen) : 0) });
  })();

  const outcome = chosen ? offerBonus(chosen, amount) : null;
  const bonusText = (() => {
    if (!outcome) return '';
    if (outcome.kind === 'bonus')
      return t('cashier.offers.yourBonus', {
        defaultValue: 'Your bonus: {bonus}',
        bonus: formatMoney(outcome.cents, currency),
      });
    if (outcome.kind === 'below')
      return t('cashier.offers.belowMin', {
        defaultValue: 'Deposit at least {min} to get this bonus.',
        min: price(outcome.min),
      });
    return t('cashier.offers.enterAmount', { defaultValue: 'Enter an amount to see your bonus.' });
  })();

  return (
    <fieldset
      className="cs-offers"
      data-testid="deposit-offers"
      aria-describedby={errorText ? `${id}-error` : undefined}
    >
      <legend className="mb-2 text-sm font-bold text-[var(--text-strong)]">
        {t('cashier.deposit.offer', { defaultValue: 'Bonus offer' })}
      </legend>
      <label className="cs-offer">
        <input
          type="radio"
          name="campaign_offer_id"
          value={NO_OFFER}
          checked={selected === NO_OFFER}
          onChange={() => onSelect(NO_OFFER)}
        />
        <span className="font-semibold text-[var(--text-strong)]">
          {t('cashier.deposit.noOffer', { defaultValue: 'No bonus' })}
        </span>
      </label>
      {offers.map((offer) => {
        const promotion = bonusPromotion(offer);
        const min = offerMinAmount(offer);
        const titleId = `${id}-title-${offer.id}`;
        const textId = `${id}-text-${offer.id}`;
        const termsId = `${id}-terms-${offer.id}`;
        const terms = [
          promotion &&
            (promotion.max_amount
              ? t('cashier.offers.percentUpTo', {
                  defaultValue: '{percent}% up to {max}',
                  percent: promotion.percent,
                  max: price(promotion.max_amount),
                })
              : t('cashier.offers.percent', {
                  defaultValue: '{percent}% bonus',
                  percent: promotion.percent,
                })),
          min > 0 && t('cashier.offers.minDeposit', { defaultValue: 'Min deposit {min}', min: price(min) }),
          promotion?.wager
            ? t('cashier.offers.wager', { defaultValue: 'Wager {wager}×', wager: promotion.wager })
            : null,
        ].filter(Boolean);
        return (
          <label key={offer.id} className="cs-offer" data-testid={`offer-${offer.id}`}>
            <input
              type="radio"
              name="campaign_offer_id"
              value={offer.id}
              checked={selected === offer.id}
              onChange={() => onSelect(offer.id)}
              // Named by the title alone; the text and the terms describe it.
              aria-labelledby={titleId}
              aria-describedby={
                [offerText(offer) && textId, terms.length > 0 && termsId].filter(Boolean).join(' ') ||
                undefined
              }
            />
            {offer.description?.image && (
              <img
                src={offer.description.image}
                alt=""
                width={48}
                height={48}
                loading="lazy"
                className="cs-offer-art"
              />
            )}
            <span className="flex min-w-0 flex-col gap-0.5">
              <span id={titleId} className="font-semibold text-[var(--text-strong)]">
                {offerTitle(offer)}
              </span>
              {offerText(offer) && (
                <span id={textId} className="cs-muted text-sm">
                  {offerText(offer)}
                </span>
              )}
              {terms.length > 0 && (
                <span id={termsId} className="cs-offer-terms">
                  {/* Each term stays on one line; the line breaks between terms. */}
                  {terms.map((term, index) => (
                    <span key={String(term)}>
                      {index > 0 && ' · '}
                      <span className="whitespace-nowrap">{term}</span>
                    </span>
                  ))}
                </span>
              )}
            </span>
          </label>
        );
      })}
      {/* Always in the page, so that screen readers announce the bonus as the amount changes. */}
      <div role="status">
        {bonusText && (
          <p className="cs-offer-bonus" data-testid="offer-bonus">
            {bonusText}
          </p>
        )}
      </div>
      {errorText && (
        <span id={`${id}-error`} className="field-error" role="alert">
          {errorText}
        </span>
      )}
    </fieldset>
  );
}
