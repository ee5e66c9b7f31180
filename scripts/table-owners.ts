/**
 * Which server module owns which table, and where a module reads another's (issue 37, "modules with front doors"):
 * the scanner behind scripts/check-table-owners.ts. A module owns the tables its schema.ts declares, the tables of
 * its own that only a migration creates (MIGRATION_TABLES) and the views it defines (named `<module>_…_v`). Its code
 * is its folder's TypeScript and its SQL functions (sql/functions/<module>/).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { scanTs, tablesNamed } from './sql-in-ts.ts';

/** Tables a migration creates that no schema.ts declares, by owner. `platform` is src/platform (db, jobs, outbox). */
export const MIGRATION_TABLES: Record<string, readonly string[]> = {
  platform: ['sessions', 'outbox_messages', 'jobs', 'stored_files'],
  bonuses: ['bonus_withdrawal_holds'],
  competitions: [
    'tournaments',
    'tournament_entries',
    'tournament_winners',
    'jackpots',
    'jackpot_tiers',
    'jackpot_cycles',
    'jackpot_pool_parts',
    'jackpot_winners',
  ],
  loyalty: [
    'loyalty_accounts',
    'loyalty_characters',
    'loyalty_claims',
    'loyalty_levels',
    'loyalty_notifications',
    'loyalty_orders',
    'loyalty_player_characters',
    'loyalty_point_entries',
    'loyalty_point_rates',
    'loyalty_products',
    'loyalty_programs',
    'loyalty_quest_progress',
    'loyalty_quests',
  ],
  reports: ['report_daily'],
  sportsbook: [
    'sb_bets',
    'sb_bet_legs',
    'sb_book_limits',
    'sb_debts',
    'sb_events',
    'sb_feed_messages',
    'sb_feed_state',
    'sb_markets',
    'sb_open_stakes',
    'sb_outcomes',
    'sb_player_limits',
  ],
};

export type TViolation = { file: string; line: number; module: string; table: string; owner: string };
export type TOwners = {
  /** table or view name → owning module */
  owners: Map<string, string>;
  /** the views among the owners' names: another module may read a view (the owner's published read) */
  views: Set<string>;
  /** schema.ts path (from the root) → its exported table constants → table name */
  schemaExports: Map<string, Map<string, string>>;
  /** what is wrong with the ownership itself (a table nobody owns, a view named for no module…) */
  problems: string[];
};

const MODULES_DIR = 'apps/server/src/modules';
const SQL_DIRS = ['apps/server/migrations', 'apps/server/sql'];
/** One file per SQL function, in a folder named for its module: sql/functions/<module>/<name>.sql. */
const FUNCTIONS_DIR = 'apps/server/sql/functions';

function walk(dir: string, keep: (path: string) => boolean): string[] {
  if (!existsSync(dir)) return [];
  const found: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) found.push(...walk(path, keep));
    else if (keep(path)) found.push(path);
  }
  return found;
}

/** The module a path under src/modules belongs to (its first folder), or null for modules/index.ts and the like. */
export function moduleOf(path: string): string | null {
  const match = /^apps\/server\/src\/modules\/([^/]+)\//.exec(path);
  return match?.[1] ?? null;
}

const snake = (module: string) => module.replaceAll('-', '_');

function stripSqlComments(text: string): string {
  return text.replace(/--[^\n]*/g, '').replace(/\/\*[\s\S]*?\*\//g, '');
}

export function findOwners(root: string): TOwners {
  const owners = new Map<string, string>();
  const schemaExports = new Map<string, Map<string, string>>();
  const problems: string[] = [];
  const views = new Map<string, { owner: string; file: string; body: string }>();
  const claim = (table: string, owner: string, where: string) => {
    const before = owners.get(table);
    if (before && before !== owner)
      problems.push(`${table} is claimed by ${before} and by ${owner} (${where})`);
    owners.set(table, owner);
  };

  const schemas = walk(join(root, MODULES_DIR), (p) => p.endsWith('/schema.ts'));
  for (const path of schemas) {
    const file = relative(root, path);
    const module = moduleOf(file);
    if (!module) continue;
    const exports = new Map<string, string>();
    const source = readFileSync(path, 'utf8');
    for (const m of source.matchAll(/export\s+const\s+(\w+)\s*=\s*pgTable\(\s*['"]([a-z_][a-z0-9_]*)['"]/g)) {
      const [, name = '', table = ''] = m;
      exports.set(name, table);
      claim(table, module, file);
    }
    schemaExports.set(file, exports);
  }
  for (const [owner, tables] of Object.entries(MIGRATION_TABLES)) {
    for (const table of tables) claim(table, owner, 'MIGRATION_TABLES');
  }

  const modules = new Set(
    existsSync(join(root, MODULES_DIR))
      ? readdirSync(join(root, MODULES_DIR)).filter((n) => statSync(join(root, MODULES_DIR, n)).isDirectory())
      : [],
  );
  const created = new Set<string>();
  for (const dir of SQL_DIRS) {
    for (const path of walk(join(root, dir), (p) => p.endsWith('.sql'))) {
      const file = relative(root, path);
      const sql = stripSqlComments(readFileSync(path, 'utf8'));
      for (const m of sql.matchAll(
        /\bcreate\s+(?:unlogged\s+)?table\s+(?:if\s+not\s+exists\s+)?(?:public\.)?"?([a-z_][a-z0-9_]*)"?/gi,
      )) {
        const table = (m[1] ?? '').toLowerCase();
        created.add(table);
        if (!owners.has(table)) {
          problems.push(
            `${table} (created in ${file}) has no owner: declare it in a schema.ts or in MIGRATION_TABLES`,
          );
        }
      }
      // A view belongs to the module that defines it, and says so by its name: <module>_…_v.
      for (const m of sql.matchAll(
        /\bcreate\s+(?:or\s+replace\s+)?(?:materialized\s+)?view\s+(?:if\s+not\s+exists\s+)?(?:public\.)?"?([a-z_][a-z0-9_]*)"?[^;]*?\bas\b([^;]*)/gi,
      )) {
        const view = (m[1] ?? '').toLowerCase();
        const owner = [...modules]
          .sort((a, b) => b.length - a.length)
          .find((module) => view.startsWith(`${snake(module)}_`));
        if (!owner || !view.endsWith('_v')) {
          problems.push(
            `view ${view} (${file}) is named for no module: call it <module>_…_v after its owner`,
          );
        } else {
          claim(view, owner, file);
          views.set(view, { owner, file, body: m[2] ?? '' });
          created.add(view);
        }
      }
    }
  }
  // A view reads its own module's tables only (and other views): it is the owner's read, not a back door.
  for (const [view, { owner, file, body }] of views) {
    for (const { name } of tablesNamed(body)) {
      const other = owners.get(name);
      if (other && other !== owner && !views.has(name)) {
        problems.push(
          `view ${view} (${file}) of ${owner} reads ${name} of ${other}: a view reads its owner's tables`,
        );
      }
    }
  }
  for (const [owner, tables] of Object.entries(MIGRATION_TABLES)) {
    for (const table of tables) {
      if (!created.has(table))
        problems.push(`${table} (MIGRATION_TABLES, ${owner}) is created by no migration`);
    }
  }
  return { owners, views: new Set(views.keys()), schemaExports, problems };
}

const lineAt = (source: string, offset: number) => source.slice(0, offset).split('\n').length;

/** A file that only re-exports (no code of its own) what another module's schema.ts declares. */
function reexportedSchema(root: string, file: string): string | null {
  const path = join(root, file);
  if (!existsSync(path)) return null;
  const { code, literals } = scanTs(readFileSync(path, 'utf8'));
  const statements = code
    .split(';')
    .map((s) => s.trim())
    .filter(Boolean);
  if (!statements.every((s) => /^(import|export)\b[\s\S]*\bfrom\s*(['"])\s*\2$/.test(s))) {
    return null;
  }
  const schema = literals.map((l) => l.text).find((spec) => spec.endsWith('schema.ts'));
  return schema ? relative(root, resolve(dirname(path), schema)) : null;
}

const IMPORT = /\b(import|export)\s+(type\s+)?([\w*{}\s,$]*?)\s*from\s*$|\bimport\s*\(\s*$/;

export function findViolations(root: string, owned: TOwners): TViolation[] {
  const violations: TViolation[] = [];
  const files = walk(
    join(root, MODULES_DIR),
    (p) => p.endsWith('.ts') && !p.endsWith('.d.ts') && !/\.test\.ts$|test-helpers\.ts$/.test(p),
  );
  for (const path of files) {
    const file = relative(root, path);
    const module = moduleOf(file);
    if (!module) continue;
    const source = readFileSync(path, 'utf8');
    const { code, literals } = scanTs(source);
    for (const literal of literals) {
      // (a) an import of another module's schema.ts (a foreign key between two schemas is a declaration, not a read)
      const before = code.slice(Math.max(0, literal.start - 400), literal.start - 1);
      const imported = IMPORT.exec(before);
      if (imported && literal.text.startsWith('.')) {
        if (file.endsWith('/schema.ts') || imported[2]) continue;
        let target = relative(root, resolve(dirname(path), literal.text));
        if (!target.endsWith('/schema.ts')) target = reexportedSchema(root, target) ?? target;
        const targetModule = moduleOf(target);
        if (!target.endsWith('/schema.ts') || !targetModule || targetModule === module) continue;
        const exports = owned.schemaExports.get(target) ?? new Map<string, string>();
        const names = (imported[3] ?? '')
          .replace(/[{}]/g, ' ')
          .split(',')
          .map((s) => s.trim())
          .filter((s) => s && !s.startsWith('type '))
          .map((s) => (s.split(/\s+as\s+/)[0] ?? '').trim());
        const tables = names.some((n) => n.startsWith('*'))
          ? [...exports.values()]
          : names.flatMap((n) => (exports.has(n) ? [exports.get(n) as string] : []));
        const line = lineAt(source, literal.start);
        for (const table of tables) violations.push({ file, line, module, table, owner: targetModule });
        continue;
      }
      // (b) SQL text naming another module's table
      for (const { name, at } of tablesNamed(literal.text)) {
        const owner = owned.owners.get(name);
        if (owner && owner !== module && !owned.views.has(name)) {
          violations.push({ file, line: lineAt(source, literal.start + at), module, table: name, owner });
        }
      }
    }
  }
  // A SQL function reads as the module whose folder holds it.
  for (const path of walk(join(root, FUNCTIONS_DIR), (p) => p.endsWith('.sql'))) {
    const file = relative(root, path);
    const module = file.slice(FUNCTIONS_DIR.length + 1).split('/')[0] ?? '';
    // Comments blanked, offsets kept, so a match maps back to its line.
    const source = readFileSync(path, 'utf8');
    const text = source.replace(/--[^\n]*/g, (c) => ' '.repeat(c.length));
    for (const { name, at } of tablesNamed(text)) {
      const owner = owned.owners.get(name);
      if (owner && owner !== module && !owned.views.has(name)) {
        violations.push({ file, line: lineAt(source, at), module, table: name, owner });
      }
    }
  }
  return violations;
}
