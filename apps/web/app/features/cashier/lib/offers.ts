/**
 * Deposit offers (spec §3 Deposit offer, §6): shown to visitors, or to players who satisfy the offer's
 * conditions; hidden when the selected payment method is excluded by the offer.
 */
export interface TOffer {
  id: number;
  trigger?: {
    action?: string;
    user_satisfies_params?: boolean;
    params?: { exclude_methods?: Array<string | number> | string | null } | null;
  } | null;
  description?: { title?: string; name?: string; text?: string; description?: string; image?: string } | null;
  promotions?: unknown;
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
