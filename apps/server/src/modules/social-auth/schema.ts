/** The social sign-in tables (migrations 0150, 1560): linked provider accounts and sign-ins under way. */
import { bigint, bigserial, boolean, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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
  /** The site said the player accepted the terms (migration 1560, issue 41). */
  termsAccepted: boolean('terms_accepted').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});
