/**
 * The SQL functions of `apps/server/sql/functions/<module>/<name>.sql` (docs/decisions/054): a file holds one
 * function (its overloads too) and the triggers that call it. After the migrations, in their transaction and under
 * their lock, every start applies every file with `create or replace`, bodies unchecked so that no file waits for
 * another; then it checks every body, as the database checks a body when it is created.
 * A function whose signature changed (its return type, a parameter's name or default) is dropped first; one that no
 * file defines any more is dropped after (never with cascade: whatever still uses it stops the start instead).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { TRawClient } from './database.ts';
import { functionDefinitions, splitStatements, type TSqlFunction } from './sql-text.ts';

export const FUNCTIONS_DIR = new URL('../../../sql/functions/', import.meta.url).pathname;

export interface TFunctionFile {
  /** Its path under the functions' folder: `<module>/<name>.sql`. */
  path: string;
  text: string;
  functions: TSqlFunction[];
}

/** The function files in path order, each checked to define the function it is named after, and only that one. */
export const readFunctionFiles = (dir = FUNCTIONS_DIR): TFunctionFile[] =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.sql'))
    .sort()
    .map((path) => {
      const text = readFileSync(join(dir, path), 'utf8');
      const functions = functionDefinitions(splitStatements(text));
      const name = basename(path, '.sql');
      if (functions.length === 0 || functions.some((f) => f.name !== name))
        throw new Error(`${path}: a function file defines the function it is named after, and no other`);
      return { path, text, functions };
    });

/** Where each file's functions are made first, to compare their signatures with the ones in public. */
const STAGING_SCHEMA = 'sql_functions_next';

/** The routines of a schema, leaving out the ones an extension brought. */
const ROUTINES = `
  select p.oid, p.proname as name, p.proargtypes::text as args,
         concat_ws('|', p.prokind, p.prorettype, p.proretset, p.proargnames::text, p.proallargtypes::text,
                   p.proargmodes::text, p.pronargdefaults) as shape
    from pg_proc p
   where p.pronamespace = $1::regnamespace
     and not exists (select 1 from pg_depend d
                      where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')`;

/** Each routine of public the files do not define as it is: `gone` (no file has it) or `changed` (its signature). */
const FATES = `
  with current as (${ROUTINES.replace('$1', "'public'")}),
       next as (${ROUTINES.replace('$1', `'${STAGING_SCHEMA}'`)})
  select format('public.%I(%s)', c.name, pg_get_function_identity_arguments(c.oid)) as routine,
         case when n.oid is null then 'gone' else 'changed' end as fate
    from current c left join next n on n.name = c.name and n.args = c.args
   where n.oid is null or n.shape <> c.shape
   order by 1`;

/** Runs each routine's language validator (a body's check at its creation) now that every routine exists. */
const CHECK_BODIES = `
  do $check$
  declare
    r record;
  begin
    for r in select p.oid, l.lanvalidator::regproc as validator
               from pg_proc p join pg_language l on l.oid = p.prolang
              where p.pronamespace = 'public'::regnamespace and l.lanname in ('sql', 'plpgsql')
                and not exists (select 1 from pg_depend d
                                 where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e') loop
      begin
        execute format('select %s(%s)', r.validator, r.oid);
      exception when others then
        raise exception 'sql/functions: %: %', r.oid::regprocedure, sqlerrm;
      end;
    end loop;
  end $check$`;

const setLocal = (raw: TRawClient, name: string, value: string) =>
  raw.query('select set_config($1, $2, true)', [name, value]);

const execIn = async (raw: TRawClient, file: TFunctionFile, text: string) => {
  try {
    await raw.exec(text);
  } catch (error) {
    throw new Error(`sql/functions/${file.path}: ${(error as Error).message}`, { cause: error });
  }
};

/** The routines of public that no file defines as it is, found by making the files' functions in a schema apart. */
const fates = async (raw: TRawClient, files: TFunctionFile[]) => {
  const [{ path } = { path: '' }] = await raw.query<{ path: string }>(
    "select current_setting('search_path') as path",
  );
  await raw.exec(`create schema ${STAGING_SCHEMA}`);
  await setLocal(raw, 'search_path', `${STAGING_SCHEMA}, ${path}`);
  for (const file of files) for (const f of file.functions) await execIn(raw, file, f.statement);
  await setLocal(raw, 'search_path', path);
  const rows = await raw.query<{ routine: string; fate: 'gone' | 'changed' }>(FATES);
  await raw.exec(`drop schema ${STAGING_SCHEMA} cascade`);
  return rows;
};

const dropRoutine = async (raw: TRawClient, routine: string, why: string) => {
  try {
    await raw.exec(`drop routine ${routine}`);
  } catch (error) {
    throw new Error(`${routine} ${why}, and could not be dropped: a migration drops what uses it first`, {
      cause: error,
    });
  }
};

/** Applies the function files in the caller's transaction (migrate.ts). Answers the routines it dropped. */
export const applyFunctions = async (raw: TRawClient, files = readFunctionFiles()): Promise<string[]> => {
  await setLocal(raw, 'check_function_bodies', 'off');
  const found = await fates(raw, files);
  for (const { routine } of found.filter((f) => f.fate === 'changed'))
    await dropRoutine(raw, routine, 'changed its signature');
  for (const file of files) await execIn(raw, file, file.text);
  // After the files: a trigger they moved to another function no longer holds on to its old one.
  for (const { routine } of found.filter((f) => f.fate === 'gone'))
    await dropRoutine(raw, routine, 'is defined by no file in sql/functions');
  await setLocal(raw, 'check_function_bodies', 'on');
  await raw.exec(CHECK_BODIES);
  return found.map((f) => f.routine);
};
