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
import { offerText, type TOfferTerms } from '@casino/contracts/offer-terms';
import { asc, eq } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/database.ts';
import { ipxUrl } from '../../platform/images.ts';
import { countSuccessfulDeposits } from '../cashier/index.ts';
import { audiencesOfPlayer, isInAudience } from '../players/index.ts';
import {
  campaignOffers,
  type TCampaignOffer,
  type TOfferCondition,
  type TStoredPromotion,
} from './schema.ts';
import { isTargeted } from './targeting.ts';

export type TOfferRefusal = 'wrongField' | (typeof OFFER_REFUSALS)[number];
const DEFAULT_LOCALE = 'en';
/** The cashier card's image, square, in pixels. */
export const OFFER_IMAGE_SIZE = 96;

/** Switched on, not retired, and inside its window at `at` (starts_at inclusive, ends_at exclusive). */
export const isLive = (offer: TCampaignOffer, at: Date) =>
  offer.isActive &&
  offer.retiredAt === null &&
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
  deposit: {
    method: string;
    amount: Cents;
    successfulDeposits: number;
    at: Date;
    /** The player's country, when the caller knows it: an offer targeted at other countries is not theirs. */
    country?: string | null;
    /** Whether the player is in the offer's segment (ADR 068), when it has one: out of it, not theirs. */
    inSegment?: boolean;
  },
): TOfferRefusal | null => {
  if (offer?.action !== 'deposit' || !isLive(offer, deposit.at)) return 'wrongField';
  if (!satisfiesCondition(offer.condition, deposit.successfulDeposits)) return 'offerNotEligible';
  if (
    deposit.country !== undefined &&
    offer.countries.length > 0 &&
    !isTargeted({ locales: [], countries: offer.countries }, { locale: '', country: deposit.country })
  )
    return 'offerNotEligible';
  if (offer.segmentId !== null && deposit.inSegment !== true) return 'offerNotEligible';
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

/** What the offer's own texts may quote ({percent}, {max}, {min}, {wager}): its first promotion. */
export const termsOf = (offer: TCampaignOffer): TOfferTerms | null => {
  const promotion = offer.promotions[0];
  if (!promotion) return null;
  return {
    percent: promotion.percent,
    max_amount: toMajor(BigInt(promotion.max_amount)),
    min_amount: toMajor(offer.minAmount),
    wager: promotion.wager,
  };
};

export const offerView = (
  offer: TCampaignOffer,
  options: { locale: string; currency: string; satisfies: boolean; fields: readonly string[] },
): TOfferView => {
  const wanted = (field: (typeof OFFER_FIELDS)[number]) =>
    options.fields.length === 0 || options.fields.includes(field);
  const texts = textsFor(offer, options.locale);
  const terms = termsOf(offer);
  const fill = (template: string) => (terms ? offerText(template, terms, options.currency) : template);
  const title = fill(texts.title);
  const text = fill(texts.text);
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
          ? ipxUrl(offer.description.image, { width: OFFER_IMAGE_SIZE, height: OFFER_IMAGE_SIZE })
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
 * to visitors); a player's user_satisfies_params follows their paid deposits. None while marketing is paused
 * (a time-out or self-exclusion: responsible-gaming/marketing-pause.ts).
 */
export const listOffers = async (
  db: TExecutor,
  input: {
    isPaused: boolean;
    playerId: number | null;
    /** The player's country (null: a visitor, or none known): country-targeted offers need one of theirs. */
    country?: string | null;
    locale: string;
    currency: string;
    offset: number;
    count: number;
    fields: readonly string[];
    now: Date;
  },
) => {
  if (input.isPaused) return { count: 0, items: [] };
  const live = (
    await db.select().from(campaignOffers).orderBy(asc(campaignOffers.priority), asc(campaignOffers.id))
  ).filter(
    (offer) =>
      offer.action === 'deposit' &&
      isLive(offer, input.now) &&
      isTargeted(offer, { locale: input.locale, country: input.country ?? null }),
  );
  // A segment-targeted offer (ADR 068) shows to the segment's players only: one test for all the offers' segments.
  const memberOf = await audiencesOfPlayer(
    db,
    input.playerId,
    live.map((offer) => offer.segmentId),
    input.now,
  );
  const rows = live.filter((offer) => isInAudience(offer.segmentId, memberOf));
  const deposits = input.playerId === null ? null : await countSuccessfulDeposits(db, input.playerId);
  const fields = input.fields.filter((f) => (OFFER_FIELDS as readonly string[]).includes(f));
  return {
    count: rows.length,
    items: rows.slice(input.offset, input.offset + input.count).map((offer) =>
      offerView(offer, {
        locale: input.locale,
        currency: input.currency,
        satisfies: deposits === null || satisfiesCondition(offer.condition, deposits),
        fields,
      }),
    ),
  };
};

/** The terms of every deposit offer by sysname, and whether it is live now (the back-office banner preview). */
export const depositOfferTermsBySysname = async (db: TExecutor, now: Date) => {
  const rows = await db.select().from(campaignOffers);
  const terms = new Map<string, { terms: TOfferTerms; live: boolean }>();
  for (const offer of rows) {
    const offerTerms = termsOf(offer);
    if (offer.action === 'deposit' && offerTerms)
      terms.set(offer.sysname, { terms: offerTerms, live: isLive(offer, now) });
  }
  return terms;
};

/** The terms of every live offer by sysname (the banners quote them: metadata/banner-needs.ts). */
export const liveOfferTermsBySysname = async (db: TExecutor, now: Date) => {
  const terms = new Map<string, TOfferTerms>();
  for (const [sysname, offer] of await depositOfferTermsBySysname(db, now))
    if (offer.live) terms.set(sysname, offer.terms);
  return terms;
};
