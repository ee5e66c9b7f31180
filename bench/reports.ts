/**
 * Reports benchmark (issue 17). On PostgreSQL (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test; it
 * creates and drops its own database): loads BENCH_ROUNDS rounds (10,000,000) of real play over BENCH_DAYS days
 * (90) into the ledger and game_rounds with set-based inserts (session_replication_role = replica skips the
 * ledger's per-row triggers for the bulk load only; the amounts balance by construction), plus deposits and
 * registrations; aggregates every day through the reports module as the jobs queue would; then times the
 * dashboard's queries (the figures per period with the players' balances reconciliation, the range's totals, RTP per
 * game, the filter lists) for a mix of ranges and filters, BENCH_REPEAT (10) times each; checks that every period
 * reconciles (difference 0); times the rebuild of the last day as the every-minute job does it for today.
 * Last line: `reports over <N> rounds: p99 <ms> ms`.
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { readCatalogueContent } from '../apps/server/src/modules/games/catalogue/content.ts';
import { seedCatalogue } from '../apps/server/src/modules/games/catalogue/seed-catalogue.ts';
import { recomputeReportDay, recomputeReportDays } from '../apps/server/src/modules/reports/aggregate-day.ts';
import {
  gameFigures,
  reportDimensions,
  reportFigures,
  type TReportFilter,
} from '../apps/server/src/modules/reports/report-queries.ts';
import { openDatabase, type TDatabase } from '../apps/server/src/platform/db/database.ts';
import { migrate } from '../apps/server/src/platform/db/migrate.ts';
import { DEFAULT_ADMIN_URL, log, postgresAdmin, quantile, ROOT } from './harness.ts';

const adminUrl = process.env.DATABASE_URL ?? DEFAULT_ADMIN_URL;
const rounds = Number(process.env.BENCH_ROUNDS ?? 10_000_000);
const days = Number(process.env.BENCH_DAYS ?? 90);
const repeat = Number(process.env.BENCH_REPEAT ?? 10);
const players = Math.max(200, Math.round(rounds / 400));
/** BENCH_REUSE=<database> times the queries on a database an earlier BENCH_KEEP=1 run left (no load, no aggregation). */
const reuse = process.env.BENCH_REUSE;
const keep = Boolean(process.env.BENCH_KEEP) || Boolean(reuse);
const database = reuse ?? `bench_reports_${randomBytes(5).toString('hex')}`;
/** The tables the load fills; their plain (non-constraint) indexes are built once after it, not row by row. */
const LOADED = ['game_rounds', 'ledger_transactions', 'ledger_entries', 'players', 'ledger_accounts'];
const postgres = postgresAdmin(adminUrl);
const FIRST_DAY = Date.parse('2026-08-01T00:00:00Z');
const dayAt = (d: number) => new Date(FIRST_DAY + d * 86_400_000).toISOString().slice(0, 10);

const main = async () => {
  if (!reuse) await postgres.run(`create database ${database}`);
  const db = await openDatabase({ databaseUrl: postgres.url(database), dataDir: 'memory://' });
  try {
    if (!reuse) await load(db);
    await timeDashboard(db);
  } finally {
    await db.close();
    if (keep) log(`kept database ${database} (BENCH_REUSE=${database} to time the queries again)`);
    else await postgres.run(`drop database if exists ${database} with (force)`);
  }
};

const load = async (db: TDatabase) => {
  await migrate(db);
  await seedCatalogue(db.db, readCatalogueContent(join(ROOT, 'content')));
  const started = performance.now();
  const plainIndexes = await db.rawTransaction((raw) =>
    raw.query<{ name: string; def: string }>(
      `select i.indexname as name, i.indexdef as def from pg_indexes i
         where i.schemaname = 'public' and i.tablename in (${LOADED.map((t) => `'${t}'`).join(', ')})
           and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
    ),
  );
  await db.rawTransaction(async (raw) => {
    for (const { name } of plainIndexes) await raw.exec(`drop index ${name}`);
    await raw.exec(`set local session_replication_role = replica;
        create temporary table bench_games on commit drop as
          select row_number() over (order by sysname) - 1 as n, sysname from games where type <> 'betting';
        insert into players (id, login, login_key, email, currency, country_code, created_at)
          select i, 'bench' || i, 'bench' || i, 'bench' || i || '@example.com',
            case when i % 5 = 0 then 'EUR' else 'USD' end, (array['DE','FR','BR','GB','CA'])[1 + i % 5],
            timestamptz '2026-08-01' + ((i * 7919) % ${days * 86_400}) * interval '1 second'
          from generate_series(1::bigint, ${players}) i;
        select setval('players_id_seq', ${players});
        insert into ledger_accounts (id, code, player_id, kind, currency, balance)
          select i, 'player:' || i || ':main', i, 'main', case when i % 5 = 0 then 'EUR' else 'USD' end, 1000000000
          from generate_series(1::bigint, ${players}) i;
        insert into ledger_accounts (id, code, kind) values (${players + 1}, 'house:games', 'games'),
          (${players + 2}, 'house:payments', 'payments');
        select setval('ledger_accounts_id_seq', ${players + 2});`);
    const games = (await raw.query<{ n: string }>('select count(*)::text as n from bench_games'))[0]?.n;
    const chunk = 500_000;
    const deposits = Math.ceil(rounds / 40);
    for (let from = 1; from <= rounds; from += chunk) {
      const to = Math.min(rounds, from + chunk - 1);
      // Round i: player, game, stake and win are functions of i; about 35% of rounds win, RTP near 96%.
      await raw.exec(`
          create temporary table bench_r on commit drop as
            select i, 1 + (i * 7919) % ${players} as player_id, g.sysname as game,
              10 + (i * 104729) % 990 as stake,
              case when (i * 2654435761) % 100 < 35 then (10 + (i * 104729) % 990) * (1 + (i * 13) % 9) * 61 / 100 else 0 end as win,
              timestamptz '2026-08-01' + ((i * ${days * 86_400}::bigint) / ${rounds}) * interval '1 second' as at
            from generate_series(${from}::bigint, ${to}::bigint) i join bench_games g on g.n = (i * 31) % ${games};
          insert into game_rounds (provider, round_id, player_id, game, mode, bet_total, win_total, status, created_at, updated_at)
            select 'inhouse', 'r' || i, player_id, game, 'real', stake, win, 'closed', at, at from bench_r;
          insert into ledger_transactions (id, idempotency_key, kind, reference, fingerprint, meta, created_at)
            select 2 * i, 'b' || i, 'game.bet', 'inhouse:b' || i, '', jsonb_build_object('game', game, 'mode', 'real'), at
            from bench_r;
          insert into ledger_entries (transaction_id, account_id, amount)
            select 2 * i, player_id, -stake from bench_r union all select 2 * i, ${players + 1}, stake from bench_r;
          insert into ledger_transactions (id, idempotency_key, kind, reference, fingerprint, meta, created_at)
            select 2 * i + 1, 'w' || i, 'game.win', 'inhouse:w' || i, '', jsonb_build_object('game', game, 'mode', 'real'), at
            from bench_r where win > 0;
          insert into ledger_entries (transaction_id, account_id, amount)
            select 2 * i + 1, player_id, win from bench_r where win > 0
            union all select 2 * i + 1, ${players + 1}, -win from bench_r where win > 0;
          drop table bench_r;`);
      // A deposit per 40 rounds, spread like the rounds and posted among them (a player's entries in time order).
      const first = Math.floor((from - 1) / 40) + 1;
      const last = Math.min(deposits, Math.floor(to / 40));
      await raw.exec(`
          insert into ledger_transactions (id, idempotency_key, kind, reference, fingerprint, created_at)
            select ${2 * rounds + 2} + i, 'd' || i, 'deposit', 'd' || i, '',
              timestamptz '2026-08-01' + ((i * ${days * 86_400}::bigint) / ${deposits}) * interval '1 second'
            from generate_series(${first}::bigint, ${last}) i;
          insert into ledger_entries (transaction_id, account_id, amount)
            select ${2 * rounds + 2} + i, 1 + (i * 104723) % ${players}, 2000 + (i * 37) % 20000
              from generate_series(${first}::bigint, ${last}) i
            union all select ${2 * rounds + 2} + i, ${players + 2}, -(2000 + (i * 37) % 20000)
              from generate_series(${first}::bigint, ${last}) i;`);
      log(`loaded ${to} rounds (${((performance.now() - started) / 1000).toFixed(0)} s)`);
    }
    await raw.exec(`select setval('ledger_transactions_id_seq', ${2 * rounds + 2 + deposits})`);
  });
  const indexing = performance.now();
  await db.rawTransaction(async (raw) => {
    await raw.exec(`set local maintenance_work_mem = '512MB'`);
    for (const { def } of plainIndexes) await raw.exec(def);
  });
  log(`built ${plainIndexes.length} indexes in ${((performance.now() - indexing) / 1000).toFixed(0)} s`);
  await db.rawTransaction((raw) => raw.exec('analyze'));
  log(
    `loaded ${rounds} rounds, ${players} players in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
  const aggregating = performance.now();
  // As the jobs queue rebuilds days already there (migrations/1100): a month per snapshot.
  await recomputeReportDays(
    db.db,
    Array.from({ length: days }, (_, d) => dayAt(d)),
    new Date(),
  );
  await db.rawTransaction((raw) => raw.exec('analyze'));
  const perDay = (performance.now() - aggregating) / days;
  log(`aggregated ${days} days: ${perDay.toFixed(0)} ms per day`);
};

const timeDashboard = async (db: TDatabase) => {
  const loaded = (
    await db.rawTransaction((raw) => raw.query<{ n: string }>('select count(*)::text as n from game_rounds'))
  )[0]?.n;

  const last = dayAt(days - 1);
  const game = (await reportDimensions(db.db)).games[0] ?? '';
  const filters: TReportFilter[] = [
    { from: dayAt(days - 30), to: last, period: 'day', currency: 'USD' },
    { from: dayAt(0), to: last, period: 'week', currency: 'USD' },
    { from: dayAt(0), to: last, period: 'month', currency: 'EUR' },
    { from: dayAt(days - 30), to: last, period: 'day', currency: 'USD', country: 'DE' },
    { from: dayAt(0), to: last, period: 'month', currency: 'USD', product: 'casino', game },
  ];
  const times: number[] = [];
  for (let r = 0; r < repeat; r += 1)
    for (const filter of filters) {
      const t0 = performance.now();
      const [figures] = await Promise.all([
        reportFigures(db.db, filter),
        gameFigures(db.db, filter),
        reportDimensions(db.db),
      ]);
      times.push(performance.now() - t0);
      const off = figures.periods.find((p) => p.balances.days.length > 0 && p.balances.difference !== 0n);
      if (off && !filter.game)
        throw new Error(`${off.period} does not reconcile: ${off.balances.difference}`);
    }
  times.sort((a, b) => a - b);
  const rebuilds: number[] = [];
  for (let r = 0; r < 3; r += 1) {
    const t0 = performance.now();
    await recomputeReportDay(db.db, last, new Date());
    rebuilds.push(performance.now() - t0);
  }
  log(
    `today's rebuild (every minute) on a day of ${Math.round(Number(loaded) / days)} rounds: ${rebuilds.map((ms) => ms.toFixed(0)).join(', ')} ms`,
  );
  log(
    `dashboard: ${times.length} loads, median ${quantile(times, 0.5).toFixed(0)} ms, max ${times.at(-1)?.toFixed(0)} ms`,
  );
  console.log(`reports over ${loaded} rounds: p99 ${quantile(times, 0.99).toFixed(0)} ms`);
};

await main();
