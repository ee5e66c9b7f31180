/**
 * Deposit offers: which are live (active flag and window, by the app clock), who satisfies them (first deposit,
 * reload, anyone), what they pay (a percent of the deposit up to a cap), and the view campaigns.getoffers answers.
 */
import { type Cents, toMajor } from '@casino/contracts';
import {
  OFFER_FIELDS,
  type OFFER_REFUSALS,
  type TCampaignOffer as TOfferView,
} from '@casino/contracts/calls/campaigns';
import { asc, eq } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/database.ts';
import { ipxUrl } from '../../platform/images.ts';
import { countSuccessfulDeposits } from '../cashier/deposit-offers.ts';
import {
  campaignOffers,
  type TCampaignOffer,
  type TOfferCondition,
  type TStoredPromotion,
} from './schema.ts';

export type TOfferRefusal = 'wrongField' | (typeof OFFER_REFUSALS)[number];
const DEFAULT_LOCALE = 'en';
const IMAGE_SIZE = 96;

/** Switched on by the operator and inside its window at `at` (starts_at inclusive, ends_at exclusive). */
export const isLive = (offer: TCampaignOffer, at: Date) =>
  offer.isActive &&
  (offer.startsAt === null || offer.startsAt.getTime() <= at.getTime()) &&
  (offer.endsAt === null || at.getTime() < offer.endsAt.getTime());

/** Does a player with this many paid deposits satisfy the offer's condition? */
export const satisfiesCondition = (condition: TOfferCondition, successfulDeposits: number) =>
  condition === 'any' ||
  (condition === 'first_deposit' && successfulDeposits === 0) ||
  (condition === 'reload' && successfulDeposits > 0);

/** The bonus of one promotion on a deposit: floor(amount × percent / 100), at most max_amount. */
export const bonusFor = (promotion: TStoredPromotion, deposit: Cents): Cents => {
  const share = (deposit * BigInt(promotion.percent)) / 100n;
  const cap = BigInt(promotion.max_amount);
  return share < cap ? share : cap;
};

/** Why this deposit cannot take the offer, or null when it can. */
export const refusalOf = (
  offer: TCampaignOffer | undefined,
  deposit: { method: string; amount: Cents; successfulDeposits: number; at: Date },
): TOfferRefusal | null => {
  if (offer?.action !== 'deposit' || !isLive(offer, deposit.at)) return 'wrongField';
  if (!satisfiesCondition(offer.condition, deposit.successfulDeposits)) return 'offerNotEligible';
  if (offer.excludeMethods.includes(deposit.method)) return 'offerMethodExcluded';
  if (deposit.amount < offer.minAmount) return 'offerMinAmount';
  return null;
};

export const findOffer = async (db: TExecutor, id: number): Promise<TCampaignOffer | undefined> =>
  (await db.select().from(campaignOffers).where(eq(campaignOffers.id, id)).limit(1))[0];

const textsFor = (offer: TCampaignOffer, locale: string) => {
  const { texts } = offer.description;
  return (
    texts[locale] ?? texts[DEFAULT_LOCALE] ?? Object.values(texts)[0] ?? { title: offer.sysname, text: '' }
  );
};

export const offerView = (
  offer: TCampaignOffer,
  options: { locale: string; satisfies: boolean; fields: readonly string[] },
): TOfferView => {
  const wanted = (field: (typeof OFFER_FIELDS)[number]) =>
    options.fields.length === 0 || options.fields.includes(field);
  const { title, text } = textsFor(offer, options.locale);
  return {
    id: offer.id,
    ...(wanted('trigger') && {
      trigger: {
        action: offer.action,
        user_satisfies_params: options.satisfies,
        params: { exclude_methods: offer.excludeMethods, min_amount: toMajor(offer.minAmount) },
      },
    }),
    ...(wanted('description') && {
      description: {
        title,
        text,
        image: offer.description.image
          ? ipxUrl(offer.description.image, { width: IMAGE_SIZE, height: IMAGE_SIZE })
          : null,
      },
    }),
    ...(wanted('promotions') && {
      promotions: offer.promotions.map((p) => ({
        type: p.type,
        percent: p.percent,
        max_amount: toMajor(BigInt(p.max_amount)),
        wager: p.wager,
      })),
    }),
  };
};

/**
 * campaigns.getoffers: the live offers in priority order. A visitor satisfies every offer (spec §6: offers show
 * to visitors); a player's user_satisfies_params follows their paid deposits.
 */
export const listOffers = async (
  db: TExecutor,
  input: {
    playerId: number | null;
    locale: string;
    offset: number;
    count: number;
    fields: readonly string[];
    now: Date;
  },
) => {
  const rows = (
    await db.select().from(campaignOffers).orderBy(asc(campaignOffers.priority), asc(campaignOffers.id))
  ).filter((offer) => offer.action === 'deposit' && isLive(offer, input.now));
  const deposits = input.playerId === null ? null : await countSuccessfulDeposits(db, input.playerId);
  const fields = input.fields.filter((f) => (OFFER_FIELDS as readonly string[]).includes(f));
  return {
    count: rows.length,
    items: rows.slice(input.offset, input.offset + input.count).map((offer) =>
      offerView(offer, {
        locale: input.locale,
        satisfies: deposits === null || satisfiesCondition(offer.condition, deposits),
        fields,
      }),
    ),
  };
};
