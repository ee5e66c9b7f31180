/**
 * The lenient readers of the cms config and a banner of it: no schema library, so the home page's chunk (which
 * reads a player's own banners, docs/decisions/074) does not pull zod in with the rest of cms.ts.
 */
import type { TOfferTerms } from '@casino/contracts/offer-terms';
import type { TBanner } from './types';

export const asRecord = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
export const asText = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() ? value : typeof value === 'number' ? String(value) : undefined;

export const asNumber = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

/** The offer terms the server put on a banner (cms-banners.ts), when they are complete. */
export const parseTerms = (value: unknown): TOfferTerms | undefined => {
  const t = asRecord(value);
  const [percent, max, min, wager] = [t.percent, t.max_amount, t.min_amount, t.wager].map(asNumber);
  if (percent === undefined || max === undefined || min === undefined || wager === undefined)
    return undefined;
  return { percent, max_amount: max, min_amount: min, wager };
};

/** A banner of the cms config (or of banners.get's description), or undefined without a title. */
export const parseBanner = (item: unknown, index: number): TBanner | undefined => {
  const b = asRecord(item);
  const title = asText(b.title ?? b.label ?? b.name);
  if (!title) return undefined;
  const terms = parseTerms(b.terms);
  return {
    id: asText(b.id) ?? String(index),
    title,
    text: asText(b.text ?? b.description ?? b.addition),
    image: asText(b.image ?? b.image_url ?? b.img),
    link: asText(b.link ?? b.url ?? b.href),
    buttonText: asText(b.buttonText ?? b.button ?? b.cta),
    ...(terms && { terms }),
  };
};
