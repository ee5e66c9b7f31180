/** The CRM's tables (migrations/1500_crm.sql is the truth; these declarations match it). */
import { bigint, bigserial, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

export const RISK_FLAGS = [
  'fraud_suspected',
  'bonus_abuse',
  'chargeback',
  'multi_account',
  'payment_risk',
  'under_review',
] as const;
export type TRiskFlag = (typeof RISK_FLAGS)[number];

export const crmPlayerNotes = pgTable('crm_player_notes', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  playerId: bigint('player_id', { mode: 'number' }).notNull(),
  body: text('body').notNull(),
  operatorId: bigint('operator_id', { mode: 'number' }),
  operatorEmail: text('operator_email').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

export const crmPlayerTags = pgTable(
  'crm_player_tags',
  {
    playerId: bigint('player_id', { mode: 'number' }).notNull(),
    tag: text('tag').notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.playerId, t.tag] })],
);

export const crmPlayerFlags = pgTable(
  'crm_player_flags',
  {
    playerId: bigint('player_id', { mode: 'number' }).notNull(),
    flag: text('flag', { enum: RISK_FLAGS }).notNull(),
    reason: text('reason').notNull(),
    setBy: text('set_by').notNull(),
    setAt: timestamp('set_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.playerId, t.flag] })],
);

export const crmSegments = pgTable('crm_segments', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  name: text('name').notNull(),
  filter: jsonb('filter').$type<Record<string, string>>().notNull(),
  /** null: shared with every operator. */
  ownerId: bigint('owner_id', { mode: 'number' }),
  createdBy: text('created_by').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
export type TSegment = typeof crmSegments.$inferSelect;
