/** The back-office's controls (migrations/1480_backoffice_controls.sql is the truth; these declarations match it). */
import { bigint, bigserial, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** The money actions an operator's role may do alone up to an amount (above it a second operator approves). */
export const LIMITED_ACTIONS = ['adjustment', 'bonus_grant', 'withdrawal_approval'] as const;
export type TLimitedAction = (typeof LIMITED_ACTIONS)[number];

export const operatorAmountLimits = pgTable(
  'operator_amount_limits',
  {
    role: text('role').notNull(),
    action: text('action', { enum: LIMITED_ACTIONS }).notNull(),
    /** Minor units; null: no limit. */
    limitAmount: bigint('limit_amount', { mode: 'bigint' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: text('updated_by'),
  },
  (t) => [primaryKey({ columns: [t.role, t.action] })],
);

export const operatorApprovals = pgTable('operator_approvals', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  action: text('action', { enum: LIMITED_ACTIONS }).notNull(),
  targetType: text('target_type').notNull(),
  targetId: text('target_id').notNull(),
  playerId: bigint('player_id', { mode: 'number' }),
  amount: bigint('amount', { mode: 'bigint' }).notNull(),
  currency: text('currency').notNull(),
  summary: text('summary').notNull(),
  payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
  reason: text('reason').notNull(),
  requestKey: text('request_key').notNull().unique(),
  requestedBy: bigint('requested_by', { mode: 'number' }).notNull(),
  requestedByEmail: text('requested_by_email').notNull(),
  requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
  status: text('status', { enum: ['pending', 'approved', 'rejected'] })
    .notNull()
    .default('pending'),
  decidedBy: bigint('decided_by', { mode: 'number' }),
  decidedByEmail: text('decided_by_email'),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
  decisionReason: text('decision_reason'),
  result: jsonb('result').$type<Record<string, unknown>>(),
});

export type TApproval = typeof operatorApprovals.$inferSelect;
