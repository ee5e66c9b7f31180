/** The content client's own table (migrations/0960_content_auth.sql is the truth; this declaration matches it). */
import { bigint, bigserial, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Password-reset codes mailed by /auth/forgot-password: only the hash is kept; single use, one hour. */
export const contentAuthResetCodes = pgTable('content_auth_reset_codes', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  operatorId: bigint('operator_id', { mode: 'number' }).notNull(),
  codeHash: text('code_hash').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});
