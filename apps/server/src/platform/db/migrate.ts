/**
 * Applies the SQL files of `apps/server/migrations/` in name order, each once, then every function file of
 * `apps/server/sql/functions/` (sql-functions.ts), all in one transaction. Migrations change tables and data only;
 * the functions' current bodies live one per file (docs/decisions/054).
 * An advisory lock keeps several instances starting at once from applying the same file twice; the modules'
 * seed runs under the same lock (app.ts), so replicas seed one after another.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TDatabase } from './database.ts';
import { applyFunctions, FUNCTIONS_DIR, readFunctionFiles } from './sql-functions.ts';

export const MIGRATIONS_DIR = new URL('../../../migrations/', import.meta.url).pathname;
/** The advisory lock of a start: migrations, then the seed. */
export const STARTUP_LOCK_ID = 727_001;

export const migrate = (
  database: TDatabase,
  dir = MIGRATIONS_DIR,
  functionsDir = FUNCTIONS_DIR,
): Promise<string[]> => {
  const functionFiles = readFunctionFiles(functionsDir);
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  return database.rawTransaction(async (raw) => {
    await raw.query('select pg_advisory_xact_lock($1)', [STARTUP_LOCK_ID]);
    await raw.exec(
      'create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())',
    );
    const done = new Set(
      (await raw.query<{ name: string }>('select name from schema_migrations')).map((r) => r.name),
    );
    const applied: string[] = [];
    for (const file of files) {
      if (done.has(file)) continue;
      await raw.exec(readFileSync(join(dir, file), 'utf8'));
      await raw.query('insert into schema_migrations (name) values ($1)', [file]);
      applied.push(file);
    }
    await applyFunctions(raw, functionFiles);
    return applied;
  });
};
