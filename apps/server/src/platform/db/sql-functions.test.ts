/**
 * The database's functions are the files' (docs/decisions/054): after a start, every function of the public schema
 * (an extension's left out) has its file, every file's function is there, and each body (`pg_proc.prosrc`) is the
 * file's, byte for byte. A start mends a database whose functions drifted from the files.
 */
import { existsSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../test/test-app.ts';
import { queryRows, type TExecutor } from './database.ts';
import { migrate } from './migrate.ts';
import { readFunctionFiles, type TFunctionFile } from './sql-functions.ts';

const databaseFunctions = (db: TExecutor) =>
  queryRows<{ name: string; body: string }>(
    db,
    sql`select p.proname as name, p.prosrc as body from pg_proc p
         where p.pronamespace = 'public'::regnamespace
           and not exists (select 1 from pg_depend d
                            where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')`,
  );

/** Where the database's functions and the files' differ, a line each (none when they are the same). */
const drift = (inDatabase: { name: string; body: string }[], files: TFunctionFile[]) => {
  const bodies = (list: { name: string; body: string }[], name: string) =>
    list
      .filter((f) => f.name === name)
      .map((f) => f.body)
      .sort();
  const inFiles = files.flatMap((file) => file.functions.map((f) => ({ ...f, path: file.path })));
  const names = [...new Set([...inDatabase, ...inFiles].map((f) => f.name))].sort();
  return names.flatMap((name) => {
    const path = inFiles.find((f) => f.name === name)?.path;
    if (!path) return [`${name}: in the database, in no file`];
    if (!inDatabase.some((f) => f.name === name)) return [`${path}: not in the database`];
    const [database, file] = [bodies(inDatabase, name), bodies(inFiles, name)];
    return JSON.stringify(database) === JSON.stringify(file) ? [] : [`${path}: the database's body differs`];
  });
};

const MODULES = new URL('../../modules/', import.meta.url).pathname;

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('SQL functions, one file each', () => {
  it('are in the database as in their files, and nothing else is', async () => {
    const files = readFunctionFiles();
    expect(files.length).toBeGreaterThan(50);
    expect(drift(await databaseFunctions(t.app.ctx.db), files)).toEqual([]);
  });

  it('live in the folder of a server module (or platform)', () => {
    const outside = readFunctionFiles()
      .map((file) => file.path.split('/')[0] ?? '')
      .filter((folder) => folder !== 'platform' && !existsSync(`${MODULES}${folder}`));
    expect(outside).toEqual([]);
  });

  it('find a body changed on one side only', async () => {
    const files = readFunctionFiles();
    const [first] = files;
    const edited = files.map((file) =>
      file === first
        ? { ...file, functions: file.functions.map((f) => ({ ...f, body: `${f.body} ` })) }
        : file,
    );
    expect(drift(await databaseFunctions(t.app.ctx.db), edited)).toEqual([
      `${first?.path}: the database's body differs`,
    ]);
  });

  it('are applied again at a start: a body edited in the database, a changed signature and a stray function mended', async () => {
    const db = t.app.ctx.db;
    await db.execute(sql`create function drift_probe() returns int language sql as $$ select 1 $$`);
    await db.execute(sql`create or replace function wallet_raise(p_code text, p_detail text default null)
      returns void language plpgsql as $$ begin raise exception 'edited'; end $$`);
    await db.execute(sql`drop function bonus_balance(text)`);
    await db.execute(
      sql`create function bonus_balance(p_code text) returns text language sql as $$ select '' $$`,
    );
    expect(drift(await databaseFunctions(db), readFunctionFiles())).toEqual([
      "bonuses/bonus_balance.sql: the database's body differs",
      'drift_probe: in the database, in no file',
      "wallet/wallet_raise.sql: the database's body differs",
    ]);

    expect(await migrate(t.app.ctx.database)).toEqual([]);
    expect(drift(await databaseFunctions(db), readFunctionFiles())).toEqual([]);
    const [balance] = await queryRows<{ result: string }>(
      db,
      sql`select pg_get_function_result('bonus_balance(text)'::regprocedure) as result`,
    );
    expect(balance?.result).toBe('bigint');
  });
});
