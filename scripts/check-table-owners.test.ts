import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkTableOwners } from './check-table-owners.ts';
import { scanTs, tablesNamed } from './sql-in-ts.ts';
import { findOwners, findViolations } from './table-owners.ts';

const roots: string[] = [];
/** A repository in a temp folder: two modules, the tables of the MIGRATION_TABLES list and these files. */
const plant = (files: Record<string, string>) => {
  const root = mkdtempSync(join(tmpdir(), 'table-owners-'));
  roots.push(root);
  const all: Record<string, string> = {
    'apps/server/migrations/0001_platform.sql': 'create table sessions (id int); create table jobs (id int);',
    'apps/server/src/modules/kitchen/schema.ts': `import { pgTable, text } from 'drizzle-orm/pg-core';
export const dishes = pgTable('dishes', { name: text('name') });
export const ovens = pgTable(
  'ovens',
  { name: text('name') },
);
export type TDish = typeof dishes.$inferSelect;`,
    'apps/server/src/modules/hall/schema.ts': `import { pgTable, text } from 'drizzle-orm/pg-core';
export const tables = pgTable('hall_tables', { name: text('name') });`,
    ...files,
  };
  for (const [path, text] of Object.entries(all)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
};
const MIGRATIONS_OF_THE_LIST =
  'create table outbox_messages (id int); create table bonus_withdrawal_holds (id int); create table tournaments (id int); create table tournament_entries (id int); create table tournament_winners (id int); create table jackpots (id int); create table jackpot_tiers (id int); create table jackpot_cycles (id int); create table jackpot_pool_parts (id int); create table jackpot_winners (id int); create table loyalty_accounts (id int); create table loyalty_characters (id int); create table loyalty_claims (id int); create table loyalty_levels (id int); create table loyalty_notifications (id int); create table loyalty_orders (id int); create table loyalty_player_characters (id int); create table loyalty_point_entries (id int); create table loyalty_point_rates (id int); create table loyalty_products (id int); create table loyalty_programs (id int); create table loyalty_quest_progress (id int); create table loyalty_quests (id int); create table report_daily (id int); create table sb_bets (id int); create table sb_bet_legs (id int); create table sb_debts (id int); create table sb_events (id int); create table sb_feed_messages (id int); create table sb_feed_state (id int); create table sb_markets (id int); create table sb_open_stakes (id int); create table sb_outcomes (id int); create table sb_player_limits (id int); create table sb_book_limits (id int); create table stored_files (id int);';
const listed = { 'apps/server/migrations/0002_listed.sql': MIGRATIONS_OF_THE_LIST };

afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

const violationsOf = (root: string) =>
  findViolations(root, findOwners(root)).map(
    (v) => `${v.file}:${v.line} ${v.module} reads ${v.table} of ${v.owner}`,
  );

describe('check-table-owners', () => {
  it('finds a module that imports another module’s schema or names its table in SQL', () => {
    const root = plant({
      ...listed,
      'apps/server/src/modules/hall/menu.ts': `import { sql } from 'drizzle-orm';
import type { TDish } from '../kitchen/schema.ts';
import { dishes } from '../kitchen/schema.ts';
// a comment that says: select * from ovens
export const menu = (db) => db.select().from(dishes);
export const hot = sql\`select o.name
  from hall_tables t, ovens o where t.name = o.name\`;
export const words = 'the dishes come from the kitchen';`,
      'apps/server/src/modules/hall/menu.test.ts': `const q = sql\`select * from ovens\`;`,
    });
    expect(violationsOf(root)).toEqual([
      'apps/server/src/modules/hall/menu.ts:3 hall reads dishes of kitchen',
      'apps/server/src/modules/hall/menu.ts:7 hall reads ovens of kitchen',
    ]);
  });

  it('sees through a file that only re-exports a schema, and lets a module read its own tables', () => {
    const root = plant({
      ...listed,
      'apps/server/src/modules/kitchen/tables.ts': `export { dishes, ovens } from './schema.ts';`,
      'apps/server/src/modules/kitchen/cook.ts': `const q = sql\`update dishes set name = 'x'\`;`,
      'apps/server/src/modules/hall/orders.ts': `import { ovens } from '../kitchen/tables.ts';`,
    });
    expect(violationsOf(root)).toEqual([
      'apps/server/src/modules/hall/orders.ts:1 hall reads ovens of kitchen',
    ]);
  });

  it('reads a SQL function as the module whose folder holds it', () => {
    const root = plant({
      ...listed,
      'apps/server/sql/functions/hall/seat.sql': `create or replace function seat() returns void language sql as $$
  -- from ovens (a comment)
  update hall_tables set name = (select name from dishes limit 1);
$$;`,
    });
    expect(violationsOf(root)).toEqual([
      'apps/server/sql/functions/hall/seat.sql:3 hall reads dishes of kitchen',
    ]);
  });

  it('lets a module read the view another module defines, named for its owner', () => {
    const root = plant({
      ...listed,
      'apps/server/migrations/1200_kitchen_views.sql':
        'create view kitchen_menu_v as select name from dishes;',
      'apps/server/src/modules/hall/menu.ts': `const q = sql\`select name from kitchen_menu_v join \${x} on true\`;`,
    });
    expect(findOwners(root).problems).toEqual([]);
    expect(violationsOf(root)).toEqual([]);
  });

  it('refuses a view named for no module, one that reads another module’s table, and a table nobody owns', () => {
    const root = plant({
      ...listed,
      'apps/server/migrations/1200_views.sql': `create view menu_v as select name from dishes;
create view kitchen_seats_v as select name from hall_tables;
create table pantry (id int);`,
    });
    expect(findOwners(root).problems).toEqual([
      'pantry (created in apps/server/migrations/1200_views.sql) has no owner: declare it in a schema.ts or in MIGRATION_TABLES',
      'view menu_v (apps/server/migrations/1200_views.sql) is named for no module: call it <module>_…_v after its owner',
      "view kitchen_seats_v (apps/server/migrations/1200_views.sql) of kitchen reads hall_tables of hall: a view reads its owner's tables",
    ]);
  });

  it('fails on a violation not on the baseline and on a baseline line that no longer occurs', () => {
    const root = plant({
      ...listed,
      'apps/server/src/modules/hall/menu.ts':
        'const a = sql`select * from dishes`;\nconst b = sql`select * from dishes`;',
    });
    const baseline = join(root, 'baseline.txt');
    writeFileSync(
      baseline,
      '# listed\napps/server/src/modules/hall/menu.ts hall reads dishes of kitchen x2 — hall rewrite\n',
    );
    expect(checkTableOwners(root, baseline).failures).toEqual([]);

    writeFileSync(
      baseline,
      'apps/server/src/modules/hall/menu.ts hall reads dishes of kitchen — hall rewrite\n',
    );
    expect(checkTableOwners(root, baseline).failures).toEqual([
      'apps/server/src/modules/hall/menu.ts:1 hall reads dishes of kitchen (the baseline allows 1 in this file, found 2)',
      'apps/server/src/modules/hall/menu.ts:2 hall reads dishes of kitchen (the baseline allows 1 in this file, found 2)',
    ]);

    writeFileSync(
      baseline,
      'apps/server/src/modules/hall/menu.ts hall reads dishes of kitchen x2 — hall rewrite\napps/server/src/modules/hall/old.ts hall reads ovens of kitchen — hall rewrite\n',
    );
    expect(checkTableOwners(root, baseline).failures).toEqual([
      'baseline: apps/server/src/modules/hall/old.ts hall reads ovens of kitchen now occurs 0 time(s), not 1: shrink the baseline',
    ]);

    writeFileSync(baseline, '');
    expect(checkTableOwners(root, baseline).failures).toHaveLength(2);
  });
});

describe('the SQL and TypeScript readers', () => {
  it('names the tables after from, join, update, into and table, a comma list, not functions nor CTEs', () => {
    const sql = `with recent as (select * from ledger_entries) select * from recent r, players p
      join lateral unnest(x) u on true left join "public"."games" g on true where extract(day from created_at) > 0;
      insert into jobs select; update only sessions set x = 1; lock table outbox_messages;
      insert into ledger_entries (transaction_id, amount) values (1, 2)`;
    expect(tablesNamed(sql).map((t) => t.name)).toEqual([
      'ledger_entries',
      'players',
      'games',
      'created_at',
      'jobs',
      'sessions',
      'outbox_messages',
      'ledger_entries',
    ]);
  });

  it('reads string and template literals, holes apart, and skips comments and regular expressions', () => {
    const { literals } = scanTs(
      // biome-ignore lint/suspicious/noTemplateCurlyInString: TypeScript source as text
      "const re = /'/; // 'not a string'\nconst s = `a ${f('b')} c`; /* 'no' */ const t = \"d\";",
    );
    expect(literals.map((l) => l.text.replace(/\s+/g, ' '))).toEqual(['b', 'a ? c', 'd']);
  });
});
