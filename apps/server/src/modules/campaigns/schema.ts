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
  /** How many times the bonus must be wagered. */
  wager: number;
}

export interface TStoredDescription {
  /** A path under content/ served by the image route, or null. */
  image: string | null;
  texts: Record<string, { title: string; text: string }>;
}

export const campaignOffers = pgTable('campaign_offers', {
  id: bigint('id', { mode: 'number' }).primaryKey(),
  sysname: text('sysname').notNull().unique(),
  action: text('action', { enum: ['deposit'] }).notNull(),
  condition: text('condition', { enum: OFFER_CONDITIONS }).notNull(),
  excludeMethods: jsonb('exclude_methods').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  minAmount: bigint('min_amount', { mode: 'bigint' }).notNull().default(0n),
  description: jsonb('description').$type<TStoredDescription>().notNull(),
  promotions: jsonb('promotions').$type<TStoredPromotion[]>().notNull(),
  priority: integer('priority').notNull().default(0),
  isActive: boolean('is_active').notNull().default(true),
  startsAt: timestamp('starts_at', { withTimezone: true }),
  endsAt: timestamp('ends_at', { withTimezone: true }),
  sourceHash: text('source_hash').notNull(),
  editedAt: timestamp('edited_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type TCampaignOffer = typeof campaignOffers.$inferSelect;

export const PLAYER_BONUS_STATUSES = ['active', 'wagered', 'forfeited', 'expired'] as const;

export const playerBonuses = pgTable('player_bonuses', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  playerId: bigint('player_id', { mode: 'number' }).notNull(),
  offerId: bigint('offer_id', { mode: 'number' }).notNull(),
  depositId: text('deposit_id').notNull().unique(),
  amount: bigint('amount', { mode: 'bigint' }).notNull(),
  wagerRequirement: bigint('wager_requirement', { mode: 'bigint' }).notNull(),
  wagered: bigint('wagered', { mode: 'bigint' }).notNull().default(0n),
  status: text('status', { enum: PLAYER_BONUS_STATUSES }).notNull(),
  grantedAt: timestamp('granted_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
export type TPlayerBonus = typeof playerBonuses.$inferSelect;
