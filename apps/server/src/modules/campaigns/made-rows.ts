/**
 * Rows the back-office makes beside the ones seeded from content/ (deposit offers, popups, cashback programs): they
 * are numbered above the content's ids (content/campaigns/*.json: 1–1000), and a sysname already taken is refused.
 */
import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { TExecutor } from '../../platform/db/database.ts';
import { invalidParameters } from '../../platform/http/app-error.ts';
import { queryRows } from '../ledger/index.ts';
import type { campaignOffers, campaignPopups, cashbackPrograms } from './schema.ts';

const FIRST_OPERATOR_ID = 1001;

type TMadeTable = typeof campaignOffers | typeof campaignPopups | typeof cashbackPrograms;

/** Inserts a made row under the next free id above the content's; answers it. */
export const insertMadeRow = async <T extends TMadeTable>(
  db: TExecutor,
  table: T,
  values: Omit<T['$inferInsert'], 'id'>,
): Promise<T['$inferSelect']> => {
  // Two creations at once must not draw the same id.
  await db.execute(sql`lock table ${table} in share row exclusive mode`);
  const [next] = await queryRows<{ id: unknown }>(
    db,
    sql`select greatest(coalesce(max(id), 0) + 1, ${FIRST_OPERATOR_ID}) as id from ${table}`,
  );
  // Drizzle types an insert by one named table, not by a choice of three: the row is typed back as `table`'s.
  const [row] = await db
    .insert(table as PgTable)
    .values({ id: Number(next?.id ?? FIRST_OPERATOR_ID), ...values })
    .onConflictDoNothing()
    .returning();
  if (!row) throw invalidParameters({ sysname: 'taken' });
  return row as T['$inferSelect'];
};

/** What marks a row made (or copied) in the back-office now: the seed from content/ never changes an edited row. */
export const madeInBackoffice = (now: Date) => ({
  sourceHash: 'backoffice',
  editedAt: now,
  createdAt: now,
  updatedAt: now,
});
