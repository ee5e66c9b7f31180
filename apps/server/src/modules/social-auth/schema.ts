/** The social sign-in tables (migration 0150): linked provider accounts and sign-ins under way. */
import { bigint, bigserial, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const socialIdentities = pgTable('social_identities', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  playerId: bigint('player_id', { mode: 'number' }).notNull(),
  service: text('service').notNull(),
  subject: text('subject').notNull(),
  email: text('email'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const socialAuthRequests = pgTable('social_auth_requests', {
  stateHash: text('state_hash').primaryKey(),
  service: text('service').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  redirectUrl: text('redirect_url').notNull(),
  typeAuth: text('type_auth').notNull(),
  locale: text('locale').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});
