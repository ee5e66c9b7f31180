/**
 * The responsible-gaming tables (migrations/0410_responsible_gaming.sql is the truth; these declarations match it,
 * its trigger that keeps a permanent self-exclusion aside).
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { players } from '../players/index.ts';

const playerId = () =>
  bigint('player_id', { mode: 'number' })
    .notNull()
    .references(() => players.id, { onDelete: 'cascade' });

export const rgLimits = pgTable(
  'rg_limits',
  {
    playerId: playerId(),
    kind: text('kind', { enum: ['loss', 'session'] }).notNull(),
    /** loss: cents of net loss; session: minutes of signed-in time. */
    periodDays: integer('period_days'),
    amount: bigint('amount', { mode: 'bigint' }),
    pendingPeriodDays: integer('pending_period_days'),
    pendingAmount: bigint('pending_amount', { mode: 'bigint' }),
    pendingRemove: boolean('pending_remove').notNull().default(false),
    pendingEffectiveAt: timestamp('pending_effective_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.playerId, t.kind] }),
    check('rg_limits_kind_check', sql`${t.kind} in ('loss', 'session')`),
    check('rg_limits_check', sql`(${t.periodDays} is null) = (${t.amount} is null)`),
  ],
);

export const rgSettings = pgTable(
  'rg_settings',
  {
    playerId: bigint('player_id', { mode: 'number' })
      .primaryKey()
      .references(() => players.id, { onDelete: 'cascade' }),
    realityCheckMinutes: integer('reality_check_minutes').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('rg_settings_reality_check_minutes_check', sql`${t.realityCheckMinutes} between 0 and 240`)],
);

export const rgExclusions = pgTable(
  'rg_exclusions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    playerId: playerId(),
    type: text('type', { enum: ['time_out', 'self_exclusion'] }).notNull(),
    period: text('period').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    /** null: permanent. */
    endsAt: timestamp('ends_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('rg_exclusions_player').on(t.playerId, t.endsAt),
    check('rg_exclusions_type_check', sql`${t.type} in ('time_out', 'self_exclusion')`),
  ],
);

/** Signed-in activity: a stretch of requests no more than a few minutes apart; play time is their length. */
export const rgActivity = pgTable(
  'rg_activity',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    playerId: playerId(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rg_activity_player_started').on(t.playerId, t.startedAt)],
);

/** What a player changed about their limits and reality check, for staff (migrations/1481_rg_history.sql). */
export const rgHistory = pgTable(
  'rg_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    playerId: playerId(),
    kind: text('kind', { enum: ['deposit_limit', 'loss_limit', 'session_limit', 'reality_check'] }).notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rg_history_player').on(t.playerId, t.at)],
);
