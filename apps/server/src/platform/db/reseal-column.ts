/**
 * The boot sweep of a sealed column (platform/secret-box.ts): every value that is still clear text (stored
 * before encryption) or sealed by an old key is sealed again with the current key. A row changed meanwhile is
 * left to its writer, which sealed it already.
 */
import { and, isNotNull, notLike, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { TSecretBox } from '../secret-box.ts';
import type { TDb } from './database.ts';

export const resealColumn = async (
  db: TDb,
  box: TSecretBox,
  target: { table: PgTable; id: PgColumn; column: PgColumn },
): Promise<number> => {
  const { table, id, column } = target;
  const stale = await db
    .select({ id, value: column })
    .from(table)
    .where(and(isNotNull(column), notLike(column, box.currentPattern)));
  for (const row of stale) {
    const value = String(row.value);
    await db.execute(
      sql`update ${table} set ${sql.identifier(column.name)} = ${box.seal(box.open(value))}
          where ${id} = ${row.id} and ${column} = ${value}`,
    );
  }
  return stale.length;
};
