/** Keeps logins, e-mails and phones unique across players while accounts are created concurrently. */
import { sql } from 'drizzle-orm';
import type { TExecutor, TTx } from '../../platform/db/database.ts';
import { findPlayerByLogin, isContactTaken, loginKey } from '../players/index.ts';

/** Serialises, until the transaction ends, every transaction that locks one of these identities. */
export const lockIdentities = async (tx: TTx, identities: string[]) => {
  const keys = [...new Set(identities.filter((i) => i !== '').map(loginKey))].sort();
  for (const key of keys) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`identity:${key}`}))`);
};

/** Is this value already someone's login, e-mail or phone (sign-in looks it up in all three)? */
export const isIdentityTaken = async (db: TExecutor, value: string) =>
  (await findPlayerByLogin(db, value)) !== undefined ||
  (await isContactTaken(db, 'email', value)) ||
  (await isContactTaken(db, 'phone', value));

/** The Postgres unique-violation constraint name of an error (drizzle wraps the driver's error in `cause`). */
export const uniqueViolation = (error: unknown): string | null => {
  for (let e = error as { code?: string; constraint?: string; cause?: unknown } | undefined; e; ) {
    if (e.code === '23505') return e.constraint ?? '';
    e = e.cause as typeof e;
  }
  return null;
};
