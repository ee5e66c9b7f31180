/** The reports tables (migrations 0910, 1010 and 1100 are the truth; these declarations match them). */
import {
  bigint,
  boolean,
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
    /** Stakes still open at the day's end (a liability, not in `stakes`). */
    openStakes: bigint('open_stakes', { mode: 'bigint' }).notNull().default(0n),
    /** Stakes of sportsbook bets voided or cancelled that day (in neither `stakes` nor `wins`). */
    voidedStakes: bigint('voided_stakes', { mode: 'bigint' }).notNull().default(0n),
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
  /** Aggregated with its balances and movements (migration 1100). */
  reconciled: boolean('reconciled').notNull().default(false),
});

/** Per day, currency, country, ledger kind, detail and account: what the kind moved on the players' balances. */
export const reportMovements = pgTable(
  'report_movements',
  {
    day: date('day', { mode: 'string' }).notNull(),
    currency: text('currency').notNull(),
    country: text('country').notNull(),
    kind: text('kind').notNull(),
    detail: text('detail').notNull(),
    /** main, bonus, betting_bonus, or 'house' (house money shown beside the players', not in their balances). */
    account: text('account').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.currency, t.country, t.kind, t.detail, t.account] })],
);
export type TMovementRow = typeof reportMovements.$inferInsert;

/** Per day, currency and country: the players' balances at the day's start and end, measured from the ledger. */
export const reportBalances = pgTable(
  'report_balances',
  {
    day: date('day', { mode: 'string' }).notNull(),
    currency: text('currency').notNull(),
    country: text('country').notNull(),
    opening: bigint('opening', { mode: 'bigint' }).notNull(),
    closing: bigint('closing', { mode: 'bigint' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.currency, t.country] })],
);
export type TBalanceRow = typeof reportBalances.$inferInsert;

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
