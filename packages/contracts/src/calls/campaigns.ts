/**
 * The campaigns calls of spec §7 (namespace `campaigns`): the deposit offers the cashier shows (§3 Deposit offer,
 * §6 who sees them). Money is in major units; an offer is taken by makedeposit's campaign_offer_id.
 */
import { z } from 'zod';
import { defineCall, type TCallContract, zEmpty, zId, zInt, zList, zText } from '../call.ts';
import { ZBonusItem } from './bonuses.ts';

/**
 * What triggers an offer's promotions: a deposit with the offer (makedeposit's campaign_offer_id; the offers
 * getoffers lists), or the player taking it on its own (campaigns.takepromotions).
 */
export const OFFER_ACTIONS = ['deposit', 'claim'] as const;
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
export const OFFER_REFUSALS = [
  'offerNotEligible',
  'offerMethodExcluded',
  'offerMinAmount',
  'offerTaken',
] as const;

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

/**
 * Why a promo code cannot be used, on invalid_parameters.promo_code; the site shows common.promoCodeErrors.{code}
 * (spec §5, falling back to INVALID): unknown or switched off, outside its window, already used by the player as
 * often as allowed, used up in all, or not for this player (new players, countries, deposits). During a time-out or
 * self-exclusion (the player's, or the browser's rg_pause: contracts/marketing-pause) every code is refused with
 * AccessDeniedException { reason: 'self_excluded' } instead; the site shows common.promoCodeErrors.EXCLUDED.
 */
export const PROMO_CODE_ERRORS = ['INVALID', 'EXPIRED', 'USED', 'LIMIT', 'NOT_ELIGIBLE'] as const;
export type TPromoCodeError = (typeof PROMO_CODE_ERRORS)[number];

const ZPromoParams = z
  .object({
    // Trimmed; matched without regard to case (spec §5 Promo: minimum length 1, checked by the server).
    promo_code: zText().transform((v) => v.trim()),
  })
  .loose();

/** What a promo code gives, in the request's locale and the player's currency (a visitor: the default). */
export const ZPromoReward = z.object({
  promo_code: z.string(),
  bonus: z
    .object({
      type: z.enum(['casino', 'betting']),
      amount: z.number(),
      wager_multiplier: z.number().int(),
      max_bet: z.number().nullable(),
      valid_days: z.number().int(),
      title: z.string(),
      text: z.string(),
    })
    .nullable(),
  freespins: z
    .object({ game: z.object({ sysname: z.string() }), count: z.number().int(), bet: z.number() })
    .nullable(),
});

export const ZCheckPromocode = defineCall({
  name: 'campaigns.checkPromocode',
  method: 'POST',
  access: 'any',
  summary:
    'Checks a promo code (the registration field checks it as it is typed): truthy data (what it gives) when it can be used; otherwise invalid_parameters.promo_code is INVALID, EXPIRED, USED, LIMIT or NOT_ELIGIBLE.',
  params: ZPromoParams,
  data: ZPromoReward,
});

export const ZActivateOffer = defineCall({
  name: 'campaigns.activateOffer',
  method: 'POST',
  access: 'user',
  summary:
    "Activates a promo code for the player: its bonus is granted (active at once unless another casino bonus is) and its freespins pack given. Refusals as checkPromocode's; a self-excluded or timed-out player is refused (AccessDeniedException).",
  params: ZPromoParams.extend({ fields: zList() }),
  data: ZPromoReward.extend({ bonus_item: ZBonusItem.nullable() }),
});

/** The terms of a promotion's bonus, everything a player needs before taking it. */
export const ZPromotionBonus = z.object({
  type: z.enum(['casino', 'betting']),
  /** A fixed bonus (promo codes); null when it is a percent of the deposit. */
  amount: z.number().nullable(),
  percent: z.number().nullable(),
  max_amount: z.number().nullable(),
  min_deposit: z.number().nullable(),
  wager_multiplier: z.number().int(),
  max_bet: z.number().nullable(),
  max_conversion: z.number().nullable(),
  valid_days: z.number().int(),
  contributions: z.object({
    kinds: z.record(z.string(), z.number().int()),
    games: z.record(z.string(), z.number().int()),
  }),
});

export const ZPromotion = z.object({
  /** `offer-<id>` or `code-<CODE>`: the path of /promotions/{id}. */
  id: z.string(),
  kind: z.enum(['deposit_offer', 'claim_offer', 'promo_code']),
  title: z.string(),
  text: z.string(),
  image: z.string().nullable(),
  bonus: ZPromotionBonus,
  /** How to take it: a deposit with the offer (offer_id), taking the offer (takepromotions), or the promo code. */
  action: z.object({
    type: z.enum(['deposit', 'take', 'promo_code']),
    offer_id: z.number().int().nullable(),
    promo_code: z.string().nullable(),
  }),
  /** A freespins pack it gives (its winnings become a bonus on `bonus`'s terms). */
  freespins: z
    .object({ game: z.object({ sysname: z.string() }), count: z.number().int(), bet: z.number() })
    .nullable(),
  /** ISO 8601; null: no end. */
  ends_at: z.string().nullable(),
});
export type TPromotion = z.output<typeof ZPromotion>;

export const ZGetPromotions = defineCall({
  name: 'campaigns.getpromotions',
  method: 'GET',
  access: 'any',
  summary:
    'The promotions page (/promotions): the live deposit offers and the public promo codes, each with the full terms of its bonus (wagering, max bet, cap, validity, what each game kind contributes) and how to take it.',
  params: zEmpty(),
  data: z.object({ count: z.number().int(), items: z.array(ZPromotion) }),
});

export const ZTakePromotions = defineCall({
  name: 'campaigns.takepromotions',
  method: 'POST',
  access: 'user',
  summary:
    'Takes an offer that needs no deposit (offer_id; action claim): its bonus or freespins pack, once per player. invalid_parameters.offer_id: wrongField (unknown, not live, a deposit offer), offerNotEligible, offerTaken. Refused to a self-excluded or timed-out player.',
  params: z.object({ offer_id: zId('bigint') }).loose(),
  data: z.object({
    offer_id: z.number().int(),
    bonus_item: ZBonusItem.nullable(),
    freespins: z
      .object({ game: z.object({ sysname: z.string() }), count: z.number().int(), bet: z.number() })
      .nullable(),
  }),
});

export const campaignsCalls: TCallContract[] = [
  ZGetOffers,
  ZCheckPromocode,
  ZActivateOffer,
  ZGetPromotions,
  ZTakePromotions,
];
