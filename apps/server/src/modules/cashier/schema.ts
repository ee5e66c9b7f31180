/** The cashier's tables (migrations/0220_cashier_payments.sql is the truth; these declarations match it). */
import { sql } from 'drizzle-orm';
import { bigint, boolean, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const cashierTransactions = pgTable('cashier_transactions', {
  id: text('id').primaryKey(),
  playerId: bigint('player_id', { mode: 'number' }).notNull(),
  type: text('type', { enum: ['deposit', 'withdrawal'] }).notNull(),
  method: text('method').notNull(),
  provider: text('provider').notNull(),
  amount: bigint('amount', { mode: 'bigint' }).notNull(),
  currency: text('currency').notNull(),
  status: text('status', { enum: ['new', 'pending', 'success', 'failed', 'cancelled'] }).notNull(),
  requisites: jsonb('requisites').$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
  campaignOfferId: bigint('campaign_offer_id', { mode: 'number' }).notNull().default(-1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

export const depositLimits = pgTable('deposit_limits', {
  playerId: bigint('player_id', { mode: 'number' }).primaryKey(),
  periodDays: integer('period_days'),
  amount: bigint('amount', { mode: 'bigint' }),
  pendingPeriodDays: integer('pending_period_days'),
  pendingAmount: bigint('pending_amount', { mode: 'bigint' }),
  pendingRemove: boolean('pending_remove').notNull().default(false),
  pendingEffectiveAt: timestamp('pending_effective_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
