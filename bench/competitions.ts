/**
 * Competitions benchmark (issue 14). On PostgreSQL (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test;
 * it creates and drops its own database) with Redis when REDIS_URL is set: the real app in-process, one automatic
 * tournament with 10,000 participants (BENCH_PARTICIPANTS) and a three-tier jackpot; BENCH_CLIENTS (8) players
 * place bet-and-win pairs of 10.00 and 5.00 through the wallet for BENCH_SECONDS (1) in each case, BENCH_SLICES (20)
 * times, the cases' order turned by one each slice. Short slices, many times over: the shared host's speed drifts
 * over tens of seconds, and cases a second apart see the same host (with 5 s × 4 slices, three runs of the same code
 * read scoring/off 0.87–0.97; with 1 s × 20, eleven runs read 0.91–0.97):
 * - off: the bet pipeline off (`ctx.bets.enabled`), no consequence;
 * - scoring: tournament points only, the issue's "scoring on";
 * - competitions: tournament points and the jackpot's contributions;
 * - every: every registered consequence (loyalty points and quests too).
 * Then `leaderboard.get` (top 100 and the player's own row) BENCH_READS (500) times. Goal: ratio scoring/off ≥ 0.9,
 * leaderboard p99 < 20 ms. Each slice prints every case's rate and CPU per bet of this process and of PostgreSQL's
 * backends; before the last lines, each case's rate and CPU per bet with its ratio to off (the CPU ratio moves less
 * than the rates).
 * Last line: `bets/s scoring on <X>, off <Y>, ratio <X/Y>, leaderboard.get p99 <Z> ms, ledger discrepancies <N>`.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { createTournament } from '../apps/server/src/modules/competitions/create-tournament.ts';
import { ensureJackpotCycles } from '../apps/server/src/modules/competitions/jackpot-cycles.ts';
import { createJackpot } from '../apps/server/src/modules/competitions/jackpots.ts';
import { getLeaderboard } from '../apps/server/src/modules/competitions/standings.ts';
import { HOUSE } from '../apps/server/src/modules/ledger/accounts.ts';
import { auditLedger } from '../apps/server/src/modules/ledger/audit.ts';
import { postTransaction } from '../apps/server/src/modules/ledger/post-transaction.ts';
import { batchExecutorOf } from '../apps/server/src/modules/wallet/batch-executor.ts';
import { poolOf } from '../apps/server/src/modules/wallet/executors.ts';
import { walletService } from '../apps/server/src/modules/wallet/wallet-service.ts';
import { loadConfig } from '../apps/server/src/platform/config.ts';
import {
  backendCpu,
  backendCpuUsed,
  DEFAULT_ADMIN_URL,
  databaseFunctionProfile,
  log,
  postgresAdmin,
  procCpu,
  quantile,
  trackFunctions,
  walletBatchesLine,
} from './harness.ts';

const adminUrl = process.env.DATABASE_URL ?? DEFAULT_ADMIN_URL;
const participants = Number(process.env.BENCH_PARTICIPANTS ?? 10_000);
const clients = Number(process.env.BENCH_CLIENTS ?? 8);
const seconds = Number(process.env.BENCH_SECONDS ?? 1);
const slices = Math.max(1, Number(process.env.BENCH_SLICES ?? 20));
const reads = Number(process.env.BENCH_READS ?? 500);
/** Each case's consequences by name (null: every registered one); `off` turns the pipeline off. */
const CASES = {
  off: [],
  scoring: ['tournament_points', 'tournament_win_points'],
  competitions: ['tournament_points', 'tournament_win_points', 'jackpot'],
  every: null,
} as const satisfies Record<string, readonly string[] | null>;
type TCase = keyof typeof CASES;
const caseNames = Object.keys(CASES) as TCase[];
/** 10.00: every tier of the bench's jackpot takes a share (at 1.00 each share rounded down to nothing). */
const STAKE = 1_000n;
const name = `bench_competitions_${randomBytes(5).toString('hex')}`;
const postgres = postgresAdmin(adminUrl);

await postgres.run(`create database ${name}`);
/** BENCH_PG_FUNCTIONS=1: the database functions' self and total time per bet of the whole run (both cases) are printed. */
const profileFunctions = process.env.BENCH_PG_FUNCTIONS === '1';
if (profileFunctions) await postgres.run(trackFunctions(name));
const app = await buildApp(
  loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SERVE_WEB: '0',
    DATABASE_URL: postgres.url(name),
    PUBLIC_URL: 'http://localhost:3000',
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
  }),
);
await app.ready();
const { ctx } = app;
try {
  // A misspelt name would silently measure nothing in its case.
  for (const names of Object.values(CASES))
    for (const n of names ?? [])
      if (!ctx.bets.names.includes(n))
        throw new Error(`no consequence named ${n} (${ctx.bets.names.join(', ')})`);
  const now = Date.now();
  const tournamentId = await createTournament(ctx.db, {
    title: { en: 'Bench cup' },
    startsAt: new Date(now - 3_600_000),
    endsAt: new Date(now + 86_400_000),
    scoring: 'wagered',
    optIn: false,
    prizes: [{ place: 1, type: 'cash', amount: 100_000 }],
  });
  if (tournamentId === null) throw new Error('no tournament');
  await createJackpot(ctx.db, {
    name: { en: 'Bench pot' },
    tiers: [
      { name: 'mini', contributionBp: 50, seed: 1_000n, mustDropBy: 10_000n },
      { name: 'major', contributionBp: 30, seed: 50_000n, mustDropBy: 250_000n },
      { name: 'grand', contributionBp: 20, seed: 1_000_000n, mustDropBy: 5_000_000n },
    ],
  });
  await ensureJackpotCycles(ctx);
  log(`seeding ${participants} participants…`);
  const seedClient = new pg.Client({ connectionString: postgres.url(name) });
  await seedClient.connect();
  await seedClient.query(
    `insert into players (login, login_key, email, fakename, created_at)
     select 'bench' || g, 'bench' || g, 'bench' || g || '@example.com', 'Bench' || g, now()
       from generate_series(1, $1::int) g`,
    [participants],
  );
  await seedClient.query(
    `insert into tournament_entries (tournament_id, player_id, points, reached_at, joined_at)
     select $1::bigint, id, (random() * 100000)::bigint, now() - random() * interval '1 hour', now()
       from players where login like 'bench%'`,
    [tournamentId],
  );
  // Rows seeded in bulk, as no real table grows: analyze them as autovacuum would have (else the planner, believing
  // the tournament has a few dozen entries, sorts all 10,000 for every page, and the p99 depends on when autovacuum
  // happens to run).
  await seedClient.query('analyze players, tournament_entries');
  const first = (await seedClient.query(`select min(id)::int as id from players where login like 'bench%'`))
    .rows[0] as { id: number };
  await seedClient.end();
  const bettors: { playerId: number; token: string }[] = [];
  for (let c = 0; c < clients; c++) {
    const playerId = first.id + c;
    await postTransaction(ctx.db, {
      idempotencyKey: `bench-fund-${c}`,
      kind: 'bench.fund',
      entries: [
        { account: { playerId, kind: 'main' }, amount: 1_000_000_000n },
        { account: HOUSE.payments, amount: -1_000_000_000n },
      ],
    });
    const { token } = await walletService.openSession(ctx, { playerId, game: 'bench', mode: 'real' });
    bettors.push({ playerId, token });
  }
  let seq = 0;
  const monitor = new pg.Client({ connectionString: postgres.url(name) });
  await monitor.connect();
  /** Bets per second, and the CPU per bet of this process (the app and its clients) and of PostgreSQL's backends. */
  const drive = async (forSeconds: number) => {
    let bets = 0;
    const [app0, db0] = [procCpu('self'), await backendCpu(monitor, name)];
    const deadline = performance.now() + forSeconds * 1000;
    await Promise.all(
      bettors.map(async ({ token }) => {
        while (performance.now() < deadline) {
          const i = seq++;
          await walletService.bet(ctx, {
            session: token,
            transactionId: `b${i}`,
            roundId: `r${i}`,
            amount: STAKE,
          });
          await walletService.win(ctx, {
            session: token,
            transactionId: `w${i}`,
            roundId: `r${i}`,
            amount: STAKE / 2n,
          });
          bets++;
        }
      }),
    );
    const [app1, db1] = [procCpu('self'), await backendCpu(monitor, name)];
    return {
      rate: bets / forSeconds,
      appMs: ((app1 - app0) * 1000) / bets,
      dbMs: (backendCpuUsed(db1, db0) * 1000) / bets,
    };
  };
  await drive(2); // warm-up
  /**
   * Per case: each slice's bets/s and CPU per bet, and its shared transactions (how many, the jobs in them and their
   * time from begin to the commit's answer).
   */
  const measured = Object.fromEntries(
    caseNames.map((c) => [c, { rates: [] as number[], cpu: [] as number[], batches: 0, jobs: 0, ms: 0 }]),
  ) as Record<TCase, { rates: number[]; cpu: number[]; batches: number; jobs: number; ms: number }>;
  const pool = poolOf(ctx.db);
  const batcherStats = () => (pool ? { ...batchExecutorOf(ctx, pool).stats } : null);
  const started = seq;
  for (let s = 0; s < slices; s++) {
    const parts: string[] = [];
    for (let k = 0; k < caseNames.length; k++) {
      const caseName = caseNames[(s + k) % caseNames.length] as TCase;
      const names = CASES[caseName];
      ctx.bets.enabled = caseName !== 'off';
      ctx.bets.only = names === null ? null : new Set(names);
      const before = batcherStats();
      const { rate, appMs, dbMs } = await drive(seconds);
      const after = batcherStats();
      const m = measured[caseName];
      if (before && after) {
        m.batches += after.batches - before.batches;
        m.jobs += after.batchedJobs - before.batchedJobs;
        m.ms += after.batchMs - before.batchMs;
      }
      m.rates.push(rate);
      m.cpu.push(appMs + dbMs);
      parts.push(`${caseName} ${rate.toFixed(0)} (${appMs.toFixed(2)} + ${dbMs.toFixed(2)})`);
    }
    log(`slice ${s + 1}, bets/s (cpu ms a bet: app + PostgreSQL): ${parts.join(', ')}`);
  }
  ctx.bets.enabled = true;
  ctx.bets.only = null;
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const me = bettors[0]?.playerId ?? null;
  const timings: number[] = [];
  for (let i = 0; i < reads; i++) {
    const t0 = performance.now();
    await getLeaderboard(ctx.db, { tournamentId, offset: 0, count: 100, playerId: me });
    timings.push(performance.now() - t0);
  }
  timings.sort((a, b) => a - b);
  await monitor.end();
  if (profileFunctions)
    for (const line of await databaseFunctionProfile(postgres.url(name), seq - started, 'bet')) log(line);
  const discrepancies = (await auditLedger(ctx.db)).length;
  const off = { rate: mean(measured.off.rates), cpu: mean(measured.off.cpu) };
  for (const caseName of caseNames) {
    const { rates, cpu, batches, jobs, ms } = measured[caseName];
    const [rate, perBet] = [mean(rates), mean(cpu)];
    const consequences = CASES[caseName] ?? ctx.bets.names;
    const perBatch = (total: number) => (total / Math.max(1, batches)).toFixed(2);
    log(
      `${caseName} (${consequences.join(', ') || 'pipeline off'}): ${rate.toFixed(0)} bets/s, ratio ${(rate / off.rate).toFixed(3)}; ` +
        `cpu per bet (app + PostgreSQL) ${perBet.toFixed(2)} ms, ratio ${(off.cpu / perBet).toFixed(3)}; ` +
        `batches of ${perBatch(jobs)} jobs in ${perBatch(ms)} ms`,
    );
  }
  const batches = walletBatchesLine(ctx);
  if (batches) log(batches);
  const on = mean(measured.scoring.rates);
  console.log(
    `bets/s scoring on ${on.toFixed(0)}, off ${off.rate.toFixed(0)}, ratio ${(on / off.rate).toFixed(3)}, ` +
      `leaderboard.get p99 ${quantile(timings, 0.99).toFixed(2)} ms, ledger discrepancies ${discrepancies}`,
  );
} finally {
  await app.close();
  await postgres.run(`drop database if exists ${name} with (force)`);
}
