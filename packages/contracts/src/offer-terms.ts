/**
 * The terms of a deposit offer as banners and offer texts quote them. Words live in translations and content
 * with placeholders ({percent}, {max}, {min}, {wager}); the numbers come from the offer (campaign_offers) and
 * are formatted per spec §9 in the player's currency, so an operator's change of an offer shows everywhere.
 */
import { DEFAULT_CURRENCY, formatMoney, toCents } from './money.ts';

/** An offer's terms in major units, as campaigns.getoffers and the cms-config banners carry them. */
export interface TOfferTerms {
  percent: number;
  max_amount: number;
  min_amount: number;
  wager: number;
}

/** The placeholder values of an offer's terms: amounts with the currency symbol, 2 decimals. */
export const offerPlaceholders = (terms: TOfferTerms, currency: string = DEFAULT_CURRENCY) => ({
  percent: String(terms.percent),
  max: formatMoney(toCents(terms.max_amount), currency || DEFAULT_CURRENCY),
  min: formatMoney(toCents(terms.min_amount), currency || DEFAULT_CURRENCY),
  wager: String(terms.wager),
});

/** `{name}` → its value; an unknown placeholder stays as written (it shows, rather than vanish silently). */
export const fillPlaceholders = (template: string, values: Readonly<Record<string, string>>) =>
  template.replace(/\{\s*(\w+)\s*\}/g, (all, name: string) => values[name] ?? all);

/** A text with an offer's terms filled in. */
export const offerText = (template: string, terms: TOfferTerms, currency?: string) =>
  fillPlaceholders(template, offerPlaceholders(terms, currency));

/**
 * A written-out amount or percentage: `$200`, `200 $`, `US$ 200`, `200 USD`, `100%`, `100 %`, `200 دولار`.
 * Texts about offers must use placeholders instead (checked over every locale by the translations test).
 */
export const LITERAL_OFFER_NUMBER =
  /[$€£]\s?\d|\d[\d.,]*\s?(?:[$€£%]|USD|EUR|GBP|دولار)|(?:USD|EUR|GBP|US\$)\s?\d|%\s?\d/u;

const PLACEHOLDER = /\{\s*\w+\s*\}/;

/**
 * Banner words with the figures of the offer they quote, in the player's currency (spec §9), as the site shows
 * them and the back-office previews them. A text that asks for figures the banner has no offer for is not shown:
 * better no line than a line with `{max}` in it.
 */
export const bannerText = (
  template: string | undefined,
  terms: TOfferTerms | undefined,
  currency: string,
): string | undefined => {
  if (!template) return undefined;
  if (terms) return offerText(template, terms, currency);
  return PLACEHOLDER.test(template) ? undefined : template;
};
