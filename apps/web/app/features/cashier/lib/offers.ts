/**
 * Deposit offers (spec §3 Deposit offer, §6): shown to visitors, or to players who satisfy the offer's
 * conditions; hidden when the selected payment method is excluded by the offer. And what an offer pays on an
 * amount, by the server's rule (floor of amount × percent / 100, at most max_amount), in cents.
 */
import { type Cents, toCents } from '@casino/contracts/money';
import { amountParam } from './amount';

export interface TOfferPromotion {
  type: string;
  percent?: number;
  max_amount?: number;
  wager?: number;
}

export interface TOffer {
  id: number;
  trigger?: {
    action?: string;
    user_satisfies_params?: boolean;
    params?: {
      exclude_methods?: Array<string | number> | string | null;
      min_amount?: number | null;
    } | null;
  } | null;
  description?: {
    title?: string;
    name?: string;
    text?: string;
    description?: string;
    image?: string | null;
  } | null;
  promotions?: TOfferPromotion[] | null;
}

const excludedMethods = (offer: TOffer): string[] => {
  const raw = offer.trigger?.params?.exclude_methods;
  if (!raw) return [];
  const list = Array.isArray(raw) ? raw : String(raw).split(',');
  return list.map((m) => String(m).trim()).filter(Boolean);
};

/** The offers the deposit form may show for this player and method. */
export const visibleOffers = (
  offers: readonly TOffer[],
  context: { signedIn: boolean; method: { id: number; sysname: string } | null },
): TOffer[] =>
  offers.filter((offer) => {
    if (context.signedIn && !offer.trigger?.user_satisfies_params) return false;
    if (!context.method) return true;
    const excluded = excludedMethods(offer);
    return !excluded.includes(context.method.sysname) && !excluded.includes(String(context.method.id));
  });

export const offerTitle = (offer: TOffer) =>
  offer.description?.title || offer.description?.name || `Offer #${offer.id}`;

export const offerText = (offer: TOffer) => offer.description?.text || offer.description?.description || '';

/** makedeposit's campaign_offer_id: -1 when no offer is chosen (spec §3). */
export const NO_OFFER = -1;

/** The offer's deposit bonus (the first `bonus` promotion), if it has one. */
export const bonusPromotion = (offer: TOffer): TOfferPromotion | null =>
  offer.promotions?.find((p) => p.type === 'bonus' && typeof p.percent === 'number') ?? null;

/** The smallest deposit that takes the offer, in major units (0: none). */
export const offerMinAmount = (offer: TOffer) => offer.trigger?.params?.min_amount ?? 0;

const centsOf = (value: string): Cents | null => {
  try {
    return toCents(amountParam(value));
  } catch {
    return null;
  }
};

/**
 * What the offer pays on the typed amount: `none` while the amount is empty or unreadable, `below` when it
 * is under the offer's minimum, else the bonus in cents.
 */
export const offerBonus = (
  offer: TOffer,
  typed: string,
): { kind: 'none' } | { kind: 'below'; min: number } | { kind: 'bonus'; cents: Cents } => {
  const promotion = bonusPromotion(offer);
  const amount = centsOf(typed);
  if (!promotion || amount === null || amount <= 0n) return { kind: 'none' };
  const min = offerMinAmount(offer);
  if (amount < toCents(min)) return { kind: 'below', min };
  const share = (amount * BigInt(promotion.percent ?? 0)) / 100n;
  const cap = promotion.max_amount === undefined ? share : toCents(promotion.max_amount);
  return { kind: 'bonus', cents: share < cap ? share : cap };
};
