/**
 * The campaigns calls of spec §7 (namespace `campaigns`): the deposit offers the cashier shows (§3 Deposit offer,
 * §6 who sees them). Money is in major units; an offer is taken by makedeposit's campaign_offer_id.
 */
import { z } from 'zod';
import { defineCall, type TCallContract, zInt, zList } from '../call.ts';

/** What may trigger an offer's promotions. Only a deposit so far. */
export const OFFER_ACTIONS = ['deposit'] as const;
/** The parts of an offer `fields` may ask for; `id` always comes. Spec §7 asks for all three. */
export const OFFER_FIELDS = ['trigger', 'description', 'promotions'] as const;
export type TOfferField = (typeof OFFER_FIELDS)[number];
/** Spec §9: offers are fetched from offset 0. */
export const OFFERS_PAGE_SIZE = 20;

/**
 * Field codes makedeposit answers on `campaign_offer_id` (besides `wrongField` for an unknown or inactive offer):
 * the player does not satisfy the offer, the method is excluded, the amount is below the offer's minimum
 * (error_data.offer_min_amount says how much).
 */
export const OFFER_REFUSALS = ['offerNotEligible', 'offerMethodExcluded', 'offerMinAmount'] as const;

/** A bonus on the deposit: percent of it, at most max_amount, to be wagered `wager` times. */
export const ZOfferPromotion = z.object({
  type: z.literal('bonus'),
  percent: z.number().int().positive(),
  max_amount: z.number(),
  wager: z.number().int().min(0),
});

export const ZOfferTrigger = z.object({
  action: z.enum(OFFER_ACTIONS),
  /** A visitor is always shown true (§6); a player sees whether they satisfy the offer's condition. */
  user_satisfies_params: z.boolean(),
  params: z.object({
    /** Payment method sysnames the offer is not available for. */
    exclude_methods: z.array(z.string()),
    /** The smallest deposit that takes the offer (0: any allowed deposit). */
    min_amount: z.number(),
  }),
});

/** The operator's words in the request's locale (en when that locale has none). */
export const ZOfferDescription = z.object({
  title: z.string(),
  text: z.string(),
  /** An image-route URL, or null. */
  image: z.string().nullable(),
});

export const ZOffer = z.object({
  id: z.number().int(),
  trigger: ZOfferTrigger.optional(),
  description: ZOfferDescription.optional(),
  promotions: z.array(ZOfferPromotion).optional(),
});
export type TCampaignOffer = z.output<typeof ZOffer>;

export const ZGetOffers = defineCall({
  name: 'campaigns.getoffers',
  method: 'GET',
  access: 'any',
  summary:
    "Active deposit offers in priority order. For a visitor user_satisfies_params is true; for a player it says whether the player's state (first deposit or not) satisfies the offer.",
  params: z
    .object({
      offset: zInt({ min: 0, fallback: 0 }),
      count: zInt({ min: 1, max: 100, fallback: OFFERS_PAGE_SIZE }),
      fields: zList(),
    })
    .loose(),
  data: z.object({ items: z.array(ZOffer), count: z.number().int() }),
});

export const campaignsCalls: TCallContract[] = [ZGetOffers];
