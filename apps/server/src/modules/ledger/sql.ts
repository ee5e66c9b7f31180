/** Raw SQL through Drizzle on either driver (both answer `{ rows }`), and int8 values from either. */
import type { SQL } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/database.ts';

export const queryRows = async <T>(db: TExecutor, query: SQL): Promise<T[]> =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/** A backslash or a double quote: only those need escaping inside a quoted array element. */
const NEEDS_ESCAPE = /["\\]/;

/**
 * A list as one PostgreSQL array parameter: the array's text with every element quoted (cast it: `::text[]`,
 * `::bigint[]`), one parameter whatever the length.
 */
export const textArray = (values: readonly string[]) =>
  `{${values.map((v) => `"${NEEDS_ESCAPE.test(v) ? v.replaceAll('\\', '\\\\').replaceAll('"', '\\"') : v}"`).join(',')}}`;

/** int8 arrives as text (pg) or bigint/number (PGlite). */
export const toBigInt = (value: unknown): bigint =>
  typeof value === 'bigint' ? value : BigInt(String(value ?? '0'));
