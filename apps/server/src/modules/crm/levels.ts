/** The loyalty levels' names, lowest first, through the loyalty module's view (the list's level filter). */
import { sql } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/database.ts';
import { queryRows } from '../ledger/index.ts';

export const levelNames = async (db: TExecutor): Promise<string[]> =>
  (
    await queryRows<{ sysname: string }>(
      db,
      sql`select sysname from loyalty_level_names_v order by min_points`,
    )
  ).map((r) => r.sysname);
