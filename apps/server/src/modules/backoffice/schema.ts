/** The back-office tables (migrations/0900_backoffice.sql is the truth; these declarations match it). */
import { bigint, bigserial, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const OPERATOR_ROLES = [
  'admin',
  'finance',
  'support',
  'marketing',
  'content_editor',
  'auditor',
] as const;
export type TOperatorRole = (typeof OPERATOR_ROLES)[number];

export const operators = pgTable('operators', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  email: text('email').notNull(),
  name: text('name').notNull().default(''),
  role: text('role', { enum: OPERATOR_ROLES }).notNull(),
  passwordHash: text('password_hash').notNull(),
  totpSecret: text('totp_secret').notNull(),
  totpConfirmedAt: timestamp('totp_confirmed_at', { withTimezone: true }),
  totpLastStep: bigint('totp_last_step', { mode: 'number' }).notNull().default(0),
  status: text('status', { enum: ['active', 'disabled'] })
    .notNull()
    .default('active'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  /** Bumped by a password change: content-client tokens carrying an older version are refused (0960). */
  tokenVersion: integer('token_version').notNull().default(0),
});

export const operatorSessions = pgTable('operator_sessions', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  tokenHash: text('token_hash').notNull().unique(),
  operatorId: bigint('operator_id', { mode: 'number' }).notNull(),
  stage: text('stage', { enum: ['totp', 'enrol', 'full'] }).notNull(),
  csrfToken: text('csrf_token').notNull(),
  totpFailures: integer('totp_failures').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  ip: text('ip'),
  userAgent: text('user_agent'),
});

export const operatorAudit = pgTable('operator_audit', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  operatorId: bigint('operator_id', { mode: 'number' }),
  operatorEmail: text('operator_email').notNull(),
  action: text('action').notNull(),
  targetType: text('target_type'),
  targetId: text('target_id'),
  before: jsonb('before').$type<Record<string, unknown>>(),
  after: jsonb('after').$type<Record<string, unknown>>(),
  reason: text('reason'),
  ip: text('ip'),
  dedupeKey: text('dedupe_key').unique(),
  at: timestamp('at', { withTimezone: true }).notNull(),
});

export type TOperator = typeof operators.$inferSelect;
export type TOperatorSession = typeof operatorSessions.$inferSelect;
export type TAuditRow = typeof operatorAudit.$inferSelect;
