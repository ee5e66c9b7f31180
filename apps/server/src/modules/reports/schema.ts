/** The reports tables (migrations/0910_reports.sql is the truth; these declarations match it). */
import {
  bigint,
  customType,
  date,
  doublePrecision,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

export const reportPlayerDays = pgTable(
  'report_player_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    playerId: bigint('player_id', { mode: 'number' }).notNull(),
    product: text('product').notNull(),
    game: text('game').notNull(),
    provider: text('provider').notNull(),
    gameKind: text('game_kind').notNull(),
    country: text('country').notNull(),
    currency: text('currency').notNull(),
    stakes: bigint('stakes', { mode: 'bigint' }).notNull(),
    wins: bigint('wins', { mode: 'bigint' }).notNull(),
    rounds: integer('rounds').notNull(),
    returnSum: doublePrecision('return_sum').notNull(),
    returnSqSum: doublePrecision('return_sq_sum').notNull(),
    deposits: bigint('deposits', { mode: 'bigint' }).notNull(),
    depositCount: integer('deposit_count').notNull(),
    firstDeposits: integer('first_deposits').notNull(),
    withdrawals: bigint('withdrawals', { mode: 'bigint' }).notNull(),
    bonusGranted: bigint('bonus_granted', { mode: 'bigint' }).notNull(),
    bonusConverted: bigint('bonus_converted', { mode: 'bigint' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.playerId, t.product, t.game] })],
);
export type TReportRow = typeof reportPlayerDays.$inferInsert;

export const reportRegistrations = pgTable(
  'report_registrations',
  {
    day: date('day', { mode: 'string' }).notNull(),
    country: text('country').notNull(),
    currency: text('currency').notNull(),
    registrations: integer('registrations').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.country, t.currency] })],
);

export const reportDays = pgTable('report_days', {
  day: date('day', { mode: 'string' }).primaryKey(),
  computedAt: timestamp('computed_at', { withTimezone: true }).notNull(),
});

const bytea = customType<{ data: Uint8Array }>({ dataType: () => 'bytea' });

/** Per day, currency, country, product and game ('*' = all): a bitmap of the players who staked (bit p = player p). */
export const reportActivePlayers = pgTable(
  'report_active_players',
  {
    day: date('day', { mode: 'string' }).notNull(),
    currency: text('currency').notNull(),
    country: text('country').notNull(),
    product: text('product').notNull(),
    game: text('game').notNull(),
    provider: text('provider').notNull(),
    gameKind: text('game_kind').notNull(),
    players: bytea('players').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.currency, t.product, t.game, t.country] })],
);
