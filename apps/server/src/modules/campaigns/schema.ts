/** The campaigns tables (migrations/0500_campaigns.sql is the truth; these declarations match it). */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const OFFER_CONDITIONS = ['first_deposit', 'reload', 'any'] as const;
export type TOfferCondition = (typeof OFFER_CONDITIONS)[number];

/** A promotion as stored: amounts in cents. Only deposit bonuses exist so far. */
export interface TStoredPromotion {
  type: 'bonus';
  /** Per cent of the deposit. */
  percent: number;
  /** The largest bonus, in cents. */
  max_amount: number;
  /** How many times the bonus must be wagered (10 at most). */
  wager: number;
  /** The bonus template (modules/bonuses) when not the deposit template. */
  template?: string;
}

/** A claim offer's reward as stored: cents as plain numbers. */
export type TStoredReward =
  | { type: 'freespins'; sysname: string; count: number; bet: number }
  | { type: 'bonus'; template: string; amount: number };

export interface TStoredDescription {
  /** A path under content/ served by the image route, or null. */
  image: string | null;
  texts: Record<string, { title: string; text: string }>;
}

/**
 * The columns a deposit offer and a popup both carry, last in both tables (the same SQL in 0500/0555, 1520, 1570):
 * where it ranks, when and to whom it shows, and its life as a row seeded from content/ that the back-office may
 * edit, copy and retire.
 */
const campaignItemColumns = {
  priority: integer('priority').notNull().default(0),
  isActive: boolean('is_active').notNull().default(true),
  startsAt: timestamp('starts_at', { withTimezone: true }),
  endsAt: timestamp('ends_at', { withTimezone: true }),
  /** Targeting (migrations/1520): the site locales and player countries it shows to; empty: all. */
  locales: jsonb('locales').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  countries: jsonb('countries').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  /** A CRM shared segment it shows to (migrations/1570, ADR 068, asked through players' audience port); null: all. */
  segmentId: bigint('segment_id', { mode: 'number' }),
  /** Retired: never shown again, kept for the history (an offer's claims and bonuses, the audit). */
  retiredAt: timestamp('retired_at', { withTimezone: true }),
  sourceHash: text('source_hash').notNull(),
  editedAt: timestamp('edited_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const campaignOffers = pgTable('campaign_offers', {
  id: bigint('id', { mode: 'number' }).primaryKey(),
  sysname: text('sysname').notNull().unique(),
  action: text('action', { enum: ['deposit', 'claim'] }).notNull(),
  condition: text('condition', { enum: OFFER_CONDITIONS }).notNull(),
  excludeMethods: jsonb('exclude_methods').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  minAmount: bigint('min_amount', { mode: 'bigint' }).notNull().default(0n),
  description: jsonb('description').$type<TStoredDescription>().notNull(),
  promotions: jsonb('promotions').$type<TStoredPromotion[]>().notNull(),
  reward: jsonb('reward').$type<TStoredReward>(),
  ...campaignItemColumns,
});
export type TCampaignOffer = typeof campaignOffers.$inferSelect;

/** A promo code's freespins pack: the slot, how many spins, the stake of each (cents). */
export interface TPromoFreespins {
  sysname: string;
  count: number;
  bet: number;
}

export const promoCodes = pgTable('promo_codes', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  code: text('code').notNull(),
  templateId: bigint('template_id', { mode: 'number' }),
  bonusAmount: bigint('bonus_amount', { mode: 'bigint' }),
  freespins: jsonb('freespins').$type<TPromoFreespins>(),
  startsAt: timestamp('starts_at', { withTimezone: true }),
  endsAt: timestamp('ends_at', { withTimezone: true }),
  maxUses: integer('max_uses'),
  perPlayerLimit: integer('per_player_limit').notNull().default(1),
  newPlayerDays: integer('new_player_days'),
  countries: jsonb('countries').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  minDeposits: integer('min_deposits').notNull().default(0),
  maxDeposits: integer('max_deposits'),
  isActive: boolean('is_active').notNull().default(true),
  isPublic: boolean('is_public').notNull().default(false),
  uses: integer('uses').notNull().default(0),
  batch: text('batch'),
  sourceHash: text('source_hash'),
  editedAt: timestamp('edited_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type TPromoCode = typeof promoCodes.$inferSelect;

export const promoCodeUses = pgTable('promo_code_uses', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  promoCodeId: bigint('promo_code_id', { mode: 'number' }).notNull(),
  playerId: bigint('player_id', { mode: 'number' }).notNull(),
  bonusId: bigint('bonus_id', { mode: 'number' }),
  usedAt: timestamp('used_at', { withTimezone: true }).notNull(),
});

export const CASHBACK_PERIODS = ['daily', 'weekly', 'monthly'] as const;

export const cashbackPrograms = pgTable('cashback_programs', {
  id: bigint('id', { mode: 'number' }).primaryKey(),
  sysname: text('sysname').notNull().unique(),
  period: text('period', { enum: CASHBACK_PERIODS }).notNull(),
  percent: integer('percent').notNull(),
  minAmount: bigint('min_amount', { mode: 'bigint' }).notNull().default(0n),
  maxAmount: bigint('max_amount', { mode: 'bigint' }),
  payout: text('payout', { enum: ['real', 'bonus'] }).notNull(),
  templateId: bigint('template_id', { mode: 'number' }),
  receivingDays: integer('receiving_days').notNull().default(7),
  description: jsonb('description')
    .$type<{ texts: Record<string, { title: string; text: string }> }>()
    .notNull(),
  isActive: boolean('is_active').notNull().default(true),
  sourceHash: text('source_hash').notNull(),
  editedAt: timestamp('edited_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type TCashbackProgram = typeof cashbackPrograms.$inferSelect;

export const playerCashbacks = pgTable('player_cashbacks', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  programId: bigint('program_id', { mode: 'number' }).notNull(),
  playerId: bigint('player_id', { mode: 'number' }).notNull(),
  periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
  periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
  netLoss: bigint('net_loss', { mode: 'bigint' }).notNull(),
  amount: bigint('amount', { mode: 'bigint' }).notNull(),
  status: text('status', { enum: ['active', 'paid_out', 'expired', 'removed'] }).notNull(),
  receivingExpiredAt: timestamp('receiving_expired_at', { withTimezone: true }).notNull(),
  paidAt: timestamp('paid_at', { withTimezone: true }),
  bonusId: bigint('bonus_id', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});
export type TPlayerCashback = typeof playerCashbacks.$inferSelect;

export interface TPopupContent {
  image: string | null;
  url: string | null;
  texts: Record<string, { title: string; text: string; button?: string }>;
}

export const campaignPopups = pgTable('campaign_popups', {
  id: bigint('id', { mode: 'number' }).primaryKey(),
  sysname: text('sysname').notNull().unique(),
  audience: text('audience', { enum: ['all', 'visitors', 'players'] }).notNull(),
  pages: jsonb('pages').$type<string[]>().notNull(),
  frequency: text('frequency', { enum: ['once', 'session', 'daily', 'always'] }).notNull(),
  content: jsonb('content').$type<TPopupContent>().notNull(),
  ...campaignItemColumns,
});
export type TCampaignPopup = typeof campaignPopups.$inferSelect;

export const offerClaims = pgTable('offer_claims', {
  offerId: bigint('offer_id', { mode: 'number' }).notNull(),
  playerId: bigint('player_id', { mode: 'number' }).notNull(),
  bonusId: bigint('bonus_id', { mode: 'number' }),
  freespinsPackId: bigint('freespins_pack_id', { mode: 'number' }),
  claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull(),
});
