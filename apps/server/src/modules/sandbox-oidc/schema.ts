/** The sandbox OpenID Connect provider's tables (migration 0150). */
import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** What the sandbox asserts about the identity a tester picked. */
export interface TSandboxClaims {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
}

export const sandboxOidcKeys = pgTable('sandbox_oidc_keys', {
  kid: text('kid').primaryKey(),
  privateJwk: jsonb('private_jwk').$type<Record<string, string>>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const sandboxOidcCodes = pgTable('sandbox_oidc_codes', {
  codeHash: text('code_hash').primaryKey(),
  clientId: text('client_id').notNull(),
  redirectUri: text('redirect_uri').notNull(),
  codeChallenge: text('code_challenge').notNull(),
  nonce: text('nonce'),
  claims: jsonb('claims').$type<TSandboxClaims>().notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

export const sandboxOidcTokens = pgTable('sandbox_oidc_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  claims: jsonb('claims').$type<TSandboxClaims>().notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
