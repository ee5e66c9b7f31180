/** The auth module's tables (migrations/0100_auth.sql). */
import { bigint, bigserial, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** A password reset link: only the SHA-256 of its token is kept; single use, short-lived. */
export const passwordResetTokens = pgTable('password_reset_tokens', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  playerId: bigint('player_id', { mode: 'number' }).notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** The newest TOTP time step a player has spent: a code of that step or an earlier one is refused. */
export const totpUsedSteps = pgTable('totp_used_steps', {
  playerId: bigint('player_id', { mode: 'number' }).primaryKey(),
  lastStep: bigint('last_step', { mode: 'number' }).notNull(),
});
