/** The cashier's tables (migrations 0220_cashier_payments.sql, 1120 and 1501 are the truth; these match them). */
import { CASHIER_REASONS, CASHIER_STATUSES } from '@casino/contracts/calls/cashier';
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
  status: text('status', { enum: CASHIER_STATUSES }).notNull(),
  /** Why a refunded deposit was refunded (CASHIER_REASONS). */
  statusReason: text('status_reason', { enum: CASHIER_REASONS }),
  requisites: jsonb('requisites').$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
  campaignOfferId: bigint('campaign_offer_id', { mode: 'number' }).notNull().default(-1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  /** The operator who paid or declined a withdrawal, and a decline's reason (migration 1482). */
  decidedBy: text('decided_by'),
  decisionReason: text('decision_reason'),
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

/** Paid money per player, kept by a trigger on cashier_transactions (migration 1501, ADR 065). */
export const cashierPlayerTotals = pgTable('cashier_player_totals', {
  playerId: bigint('player_id', { mode: 'number' }).primaryKey(),
  deposits: bigint('deposits', { mode: 'bigint' }).notNull().default(0n),
  withdrawals: bigint('withdrawals', { mode: 'bigint' }).notNull().default(0n),
  /** deposits − withdrawals (a generated column). */
  net: bigint('net', { mode: 'bigint' }),
  lastDepositAt: timestamp('last_deposit_at', { withTimezone: true }),
});
