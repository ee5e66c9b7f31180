/**
 * A player's key-value storage. The quota counts the UTF-8 bytes of every key and value a player holds;
 * writes of one player serialise on a transaction-scoped advisory lock so two concurrent sets cannot both
 * squeeze under the quota.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { TDb } from '../../platform/db/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { playerStorage } from './schema.ts';

const LOCK_NAMESPACE = 727_120;

export const getValue = async (db: TDb, playerId: number, key: string): Promise<string | null> => {
  const [row] = await db
    .select({ value: playerStorage.value })
    .from(playerStorage)
    .where(and(eq(playerStorage.playerId, playerId), eq(playerStorage.key, key)));
  return row?.value ?? null;
};

/** The requested keys (null when unset), or every stored key when none are asked for. */
export const getValues = async (
  db: TDb,
  playerId: number,
  keys: string[],
): Promise<Record<string, string | null>> => {
  const rows = await db
    .select({ key: playerStorage.key, value: playerStorage.value })
    .from(playerStorage)
    .where(
      keys.length > 0
        ? and(eq(playerStorage.playerId, playerId), inArray(playerStorage.key, keys))
        : eq(playerStorage.playerId, playerId),
    );
  const found = Object.fromEntries(rows.map((r) => [r.key, r.value]));
  if (keys.length === 0) return found;
  return Object.fromEntries(keys.map((k) => [k, found[k] ?? null]));
};

export const byteSize = (text: string) => Buffer.byteLength(text, 'utf8');

/** Stores (or, with an empty value, removes) a key; refuses with StorageQuotaExceededException past the quota. */
export const setValue = async (
  db: TDb,
  input: { playerId: number; key: string; value: string; quotaBytes: number; now: Date },
) => {
  const { playerId, key, value, quotaBytes, now } = input;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_NAMESPACE}, ${playerId}::int)`);
    if (value === '') {
      await tx
        .delete(playerStorage)
        .where(and(eq(playerStorage.playerId, playerId), eq(playerStorage.key, key)));
      return;
    }
    const [usage] = await tx
      .select({
        bytes: sql<string>`coalesce(sum(octet_length(${playerStorage.key}) + octet_length(${playerStorage.value})), 0)`,
      })
      .from(playerStorage)
      .where(and(eq(playerStorage.playerId, playerId), sql`${playerStorage.key} <> ${key}`));
    const total = Number(usage?.bytes ?? 0) + byteSize(key) + byteSize(value);
    if (total > quotaBytes)
      throw new AppError('StorageQuotaExceededException', {
        quota_bytes: quotaBytes,
        used_bytes: total - byteSize(key) - byteSize(value),
      });
    await tx
      .insert(playerStorage)
      .values({ playerId, key, value, updatedAt: now })
      .onConflictDoUpdate({
        target: [playerStorage.playerId, playerStorage.key],
        set: { value, updatedAt: now },
      });
  });
};
