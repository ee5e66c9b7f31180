/**
 * The sandbox provider's ES256 signing key: made on first use and kept in the database, so every server
 * instance signs with the same key and publishes the same JWKS.
 */
import { exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import type { TAppContext } from '../../platform/context.ts';
import { sandboxOidcKeys } from './schema.ts';

export interface TSigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicJwk: JWK;
}

let cached: { db: unknown; key: Promise<TSigningKey> } | null = null;

const load = async (ctx: TAppContext): Promise<TSigningKey> => {
  let [row] = await ctx.db.select().from(sandboxOidcKeys).orderBy(sandboxOidcKeys.createdAt).limit(1);
  if (!row) {
    const { privateKey } = await generateKeyPair('ES256', { extractable: true });
    const jwk = await exportJWK(privateKey);
    const kid = ctx.providers.random.bytes(8).toString('hex');
    await ctx.db
      .insert(sandboxOidcKeys)
      .values({ kid, privateJwk: jwk as Record<string, string> })
      .onConflictDoNothing();
    [row] = await ctx.db.select().from(sandboxOidcKeys).orderBy(sandboxOidcKeys.createdAt).limit(1);
  }
  if (!row) throw new Error('sandbox OIDC key could not be stored');
  const { d: _private, ...publicJwk } = row.privateJwk;
  return {
    kid: row.kid,
    privateKey: (await importJWK({ ...row.privateJwk, alg: 'ES256' }, 'ES256')) as CryptoKey,
    publicJwk: { ...publicJwk, kid: row.kid, alg: 'ES256', use: 'sig' },
  };
};

/** The key, loaded once per process (per database, so tests on fresh databases get their own). */
export const signingKey = (ctx: TAppContext): Promise<TSigningKey> => {
  if (cached?.db !== ctx.db) {
    const key = load(ctx);
    cached = { db: ctx.db, key };
    key.catch(() => {
      if (cached?.key === key) cached = null;
    });
  }
  return (cached as { key: Promise<TSigningKey> }).key;
};
