/**
 * The Drizzle declarations of the modules whose queries are plain SQL (responsible gaming, verification) match the
 * tables the migrations make: the same columns, types and nullability.
 */
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import * as responsibleGaming from '../modules/responsible-gaming/schema.ts';
import * as verification from '../modules/verification/schema.ts';
import { createTestApp, type TTestApp } from './test-app.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 180_000);
afterAll(async () => {
  await t?.close();
});

const TABLES: PgTable[] = [...Object.values(responsibleGaming), ...Object.values(verification)];

it.each(TABLES.map((table) => [getTableConfig(table).name, table] as const))(
  '%s is declared as migrated',
  async (name, table) => {
    const migrated = await t.app.ctx.database.rawTransaction((raw) =>
      raw.query<{ column_name: string; data_type: string; is_nullable: string }>(
        // An array column is 'ARRAY' there, its element type in udt_name ('_text'): spelled as Drizzle does (text[]).
        `select column_name,
           case when data_type = 'ARRAY' then substr(udt_name, 2) || '[]' else data_type end as data_type, is_nullable
         from information_schema.columns
         where table_schema = 'public' and table_name = $1 order by column_name`,
        [name],
      ),
    );
    const declared = getTableConfig(table)
      .columns.map((c) => ({
        column_name: c.name,
        data_type: c.getSQLType().replace(/^bigserial$/, 'bigint'),
        is_nullable: c.notNull ? 'NO' : 'YES',
      }))
      .sort((a, b) => a.column_name.localeCompare(b.column_name));
    expect(migrated.length).toBeGreaterThan(0);
    expect(migrated).toEqual(declared);
  },
);
