/** The bonus engine's tables (migrations/0510_bonuses.sql is the truth; these declarations match it). */
import { BONUS_SOURCES, BONUS_STATUSES, BONUS_TYPES, type TBonusType } from '@casino/contracts/calls/bonuses';
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Percent of a stake that counts towards wagering: per game kind, `other` for the rest, per game overrides. */
export interface TContributions {
  kinds: Record<string, number>;
  other: number;
  games: Record<string, number>;
}

export interface TTemplateDescription {
  /** Per locale, en as the fallback; {amount}, {wager}, {max_bet}, {days} are filled in. */
  texts: Record<string, { title: string; text: string }>;
}

export const bonusTemplates = pgTable('bonus_templates', {
  id: bigint('id', { mode: 'number' }).primaryKey(),
  sysname: text('sysname').notNull().unique(),
  type: text('type', { enum: BONUS_TYPES }).notNull(),
  amount: bigint('amount', { mode: 'bigint' }),
  wagerMultiplier: integer('wager_multiplier').notNull(),
  maxBet: bigint('max_bet', { mode: 'bigint' }),
  maxConversion: bigint('max_conversion', { mode: 'bigint' }),
  contributions: jsonb('contributions').$type<TContributions>().notNull(),
  validDays: integer('valid_days').notNull(),
  /** Thousandths (1500 = 1.50): the lowest odds a settled sportsbook bet needs to count; null: any. */
  minOdds: integer('min_odds'),
  isFreeBet: boolean('is_free_bet').notNull().default(false),
  description: jsonb('description').$type<TTemplateDescription>().notNull(),
  isActive: boolean('is_active').notNull().default(true),
  /** Its window (migrations/1520): outside it nothing grants from it; null: open. */
  startsAt: timestamp('starts_at', { withTimezone: true }),
  endsAt: timestamp('ends_at', { withTimezone: true }),
  /** A CRM shared segment whose players alone it grants to (migrations/1570, ADR 068); null: every player. */
  segmentId: bigint('segment_id', { mode: 'number' }),
  /** Retired: kept for the bonuses it granted, never listed for a new grant nor granted again. */
  retiredAt: timestamp('retired_at', { withTimezone: true }),
  sourceHash: text('source_hash').notNull(),
  editedAt: timestamp('edited_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type TBonusTemplate = typeof bonusTemplates.$inferSelect;

export const playerBonuses = pgTable('player_bonuses', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  playerId: bigint('player_id', { mode: 'number' }).notNull(),
  type: text('type', { enum: BONUS_TYPES }).notNull().$type<TBonusType>(),
  templateId: bigint('template_id', { mode: 'number' }),
  offerId: bigint('offer_id', { mode: 'number' }),
  depositId: text('deposit_id'),
  source: text('source', { enum: BONUS_SOURCES }).notNull(),
  sourceRef: text('source_ref'),
  grantKey: text('grant_key').notNull().unique(),
  amount: bigint('amount', { mode: 'bigint' }).notNull(),
  wagerMultiplier: integer('wager_multiplier').notNull(),
  wagerRequirement: bigint('wager_requirement', { mode: 'bigint' }).notNull(),
  wagered: bigint('wagered', { mode: 'bigint' }).notNull().default(0n),
  maxBet: bigint('max_bet', { mode: 'bigint' }),
  maxConversion: bigint('max_conversion', { mode: 'bigint' }),
  contributions: jsonb('contributions').$type<TContributions>().notNull(),
  minOdds: integer('min_odds'),
  isFreeBet: boolean('is_free_bet').notNull().default(false),
  status: text('status', { enum: BONUS_STATUSES }).notNull(),
  stash: bigint('stash', { mode: 'bigint' }).notNull().default(0n),
  activations: integer('activations').notNull().default(0),
  converted: bigint('converted', { mode: 'bigint' }).notNull().default(0n),
  lost: bigint('lost', { mode: 'bigint' }).notNull().default(0n),
  grantedAt: timestamp('granted_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  activatedAt: timestamp('activated_at', { withTimezone: true }),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  finishReason: text('finish_reason'),
  /** The place in the player's line of waiting bonuses of its type, ascending (migrations/1140). */
  queueKey: bigint('queue_key', { mode: 'number' })
    .notNull()
    .default(sql`nextval('player_bonuses_queue_seq')`),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
export type TPlayerBonus = typeof playerBonuses.$inferSelect;

/** What a settled bet counts for the bonus it played (migrations/0605). */
export const bonusBetSettlements = pgTable('bonus_bet_settlements', {
  source: text('source').notNull(),
  betId: text('bet_id').notNull(),
  playerId: bigint('player_id', { mode: 'number' }).notNull(),
  bonusId: bigint('bonus_id', { mode: 'number' }).notNull(),
  wagered: bigint('wagered', { mode: 'bigint' }).notNull().default(0n),
  freeStakeTaken: bigint('free_stake_taken', { mode: 'bigint' }).notNull().default(0n),
  moves: integer('moves').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/** A game's own wagering contribution for every bonus, percent (migrations/0941). */
export const bonusGameContributions = pgTable('bonus_game_contributions', {
  game: text('game').primaryKey(),
  percent: integer('percent').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/**
 * The wagering cap per jurisdiction (migrations/1520, ADR 066): a player whose country a jurisdiction lists wagers
 * at most its multiplier; everyone else the operator's licence's (`licence`).
 */
export const bonusWagerCaps = pgTable('bonus_wager_caps', {
  jurisdiction: text('jurisdiction').primaryKey(),
  name: text('name').notNull(),
  countries: jsonb('countries').$type<string[]>().notNull(),
  maxMultiplier: integer('max_multiplier').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type TBonusWagerCap = typeof bonusWagerCaps.$inferSelect;
