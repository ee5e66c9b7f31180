/**
 * Games benchmark. First each engine alone (pure, in-process, over fresh seeds). Then `games.play` through HTTP on
 * the real server, a separate process in production mode (bench/server.ts, main.ts's start plus the bench-only
 * switch of the bet consequences), with BENCH_CLIENTS clients (8), each keeping one request in flight.
 *
 * For each game and each case — consequences `on` (every player has an active deposit bonus, so the wagering
 * consequence updates a row on every bet) and `off` (`app.ctx.bets.enabled = false`) — it runs BENCH_WARMUP
 * seconds (3, not counted), then BENCH_SECONDS (20) of rounds in BENCH_SLICES slices (4) alternating with as many
 * seconds of pgbench's TPC-B-like script with the same client count, so both meet the same machine load.
 *
 * On PostgreSQL (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test as admin; it creates and drops its
 * own scratch databases). With BENCH_DB=pglite, or when DATABASE_URL is unset and no PostgreSQL answers, the
 * server runs on PGlite (a data directory under /dev/shm) and there is no pgbench.
 *
 * Prints per game and case `games.play <sysname> <X> rounds/s, pgbench <Y> tps, ratio <X/Y>, p99 <ms> ms`
 * (PGlite: `pgbench n/a`), then the case, the errors and the CPU per round; at the end the wagering check and
 * `ledger discrepancies <N>`. More env: BENCH_ENGINE_MS (500 per engine), BENCH_PLAYERS (players per client, 12,
 * taken in turn: games.play allows a player 1200 calls a minute, so 96 players stay under it up to ~1,900 rounds/s;
 * a TooManyRequestsException in the errors means the pool is too small for the machine), BENCH_HTTP=node
 * (node:http's client), BENCH_CASES (on, off, or both: the default).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { contributionOf, DEFAULT_CONTRIBUTIONS } from '../apps/server/src/modules/bonuses/content.ts';
import { confirmContacts, payByCard } from '../apps/server/src/modules/cashier/cashier-test-helpers.ts';
import { testConfig } from '../apps/server/src/platform/config.ts';
import { signedInClient } from '../apps/server/src/test/factories.ts';
import { engineBench } from './engines.ts';
import {
  auditScratchLedger,
  backendCpu,
  backendCpuUsed,
  DEFAULT_ADMIN_URL,
  databaseFunctionProfile,
  httpClient,
  log,
  pgbench as pgbenchOn,
  postgresAdmin,
  procCpu,
  quantile,
  ROOT,
  startServer,
  stopServer,
  trackFunctions,
} from './harness.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const clients = Math.max(1, Number(process.env.BENCH_CLIENTS ?? 8));
const slices = Math.max(1, Number(process.env.BENCH_SLICES ?? 4));
const warmup = Math.max(0, Number(process.env.BENCH_WARMUP ?? 3));
const playersPerClient = Math.max(1, Number(process.env.BENCH_PLAYERS ?? 12));
/** PostgreSQL: where the database's time goes, per database function (track_functions), printed after the run. */
const profileFunctions = process.env.BENCH_PG_FUNCTIONS === '1';
const sliceSeconds = Math.max(1, Math.round(seconds / slices));

/**
 * The games played through HTTP: a fast game (wagering counts 10 % of its stakes) and a slot (100 %). The stake,
 * 5.00 (the welcome bonus's max bet), feeds every tier of the seeded jackpots (content/competitions: 0.2 % of it is
 * a cent); at 1.00 the tiers' shares rounded down to nothing and the jackpot consequence was left out.
 */
const ALL_GAMES = [
  { sysname: 'sparkrush_dice_duel', bet: '5.00', params: { target: 5000, over: true } },
  { sysname: 'copperfox_cherry_flare', bet: '5.00', params: {} },
] as const;
/** `BENCH_GAMES`: a comma-separated choice of ALL_GAMES' sysnames (default both). */
const chosen = process.env.BENCH_GAMES?.split(',') ?? ALL_GAMES.map((g) => g.sysname);
const GAMES = ALL_GAMES.filter((g) => chosen.includes(g.sysname));
if (GAMES.length === 0) throw new Error(`BENCH_GAMES names none of ${ALL_GAMES.map((g) => g.sysname)}`);
const BET_CENTS = 500n;

const CASES = [
  { name: 'on', betsOff: false },
  { name: 'off', betsOff: true },
] as const;
const RUN_CASES = CASES.filter((c) => process.env.BENCH_CASES?.split(',').includes(c.name) ?? true);
type TCaseName = (typeof CASES)[number]['name'];

/** The welcome offer (content/campaigns/offers.json): 100 % of a first deposit, at most 200.00, wagered 35 times. */
const WELCOME_OFFER = 1;

interface TPlayer {
  playerId: number;
  cookie: string;
}

/**
 * One player as every consequence of a bet finds them, made the way the product makes them: signed in, e-mail
 * confirmed, a first card deposit of 5000.00 through the cashier and the sandbox's hosted page with the welcome
 * offer, so the player has an active deposit bonus whose wagering every bet advances, and a place in every running
 * tournament. (Both games feed a seeded jackpot at the bench's stake, and loyalty counts every real bet.)
 */
const playerWithEveryConsequence = async (app: FastifyInstance): Promise<TPlayer> => {
  const { client, player } = await signedInClient(app);
  await confirmContacts(app, player.id);
  const deposit = await client.post('cashier.makedeposit', {
    method: 'card',
    amount: '5000',
    campaign_offer_id: WELCOME_OFFER,
  });
  if (deposit.error) throw new Error(`deposit refused: ${JSON.stringify(deposit.error)}`);
  const location = await payByCard(app, deposit.data.redirect_url);
  if (!location.startsWith('/cashier/paysuccess/')) throw new Error(`deposit not paid: ${location}`);
  // In every running tournament (the opt-in ones need the player's yes), so tournament points count too.
  const running = await client.get('tournaments.get', { status: 'active', count: '100' });
  for (const tournament of (running.data?.items ?? []) as {
    id: number;
    user_info?: { participating?: boolean };
  }[])
    if (!tournament.user_info?.participating)
      await client.post('tournaments.participate', { tournament_id: String(tournament.id) });
  return { playerId: player.id, cookie: `sid=${client.jar.get('sid')}` };
};

/** Where the server keeps its data: a scratch PostgreSQL database, or a PGlite directory. */
type TTarget =
  | { kind: 'postgres'; adminUrl: string; database: string; url: string; pgbenchDb: string }
  | { kind: 'pglite'; dataDir: string };

const chooseTarget = async (): Promise<TTarget> => {
  const suffix = randomBytes(5).toString('hex');
  const pglite = (): TTarget => ({
    kind: 'pglite',
    dataDir: mkdtempSync(join(process.platform === 'linux' ? '/dev/shm' : tmpdir(), 'bench-games-')),
  });
  if (process.env.BENCH_DB === 'pglite') return pglite();
  const adminUrl = process.env.DATABASE_URL ?? DEFAULT_ADMIN_URL;
  const postgres = postgresAdmin(adminUrl);
  if (!(await postgres.reachable())) {
    if (process.env.DATABASE_URL) throw new Error(`PostgreSQL does not answer at DATABASE_URL`);
    log(`no PostgreSQL at ${DEFAULT_ADMIN_URL}: PGlite`);
    return pglite();
  }
  const database = `bench_games_${suffix}`;
  return {
    kind: 'postgres',
    adminUrl,
    database,
    url: postgres.url(database),
    pgbenchDb: `bench_pgbench_${suffix}`,
  };
};

const databaseEnv = (target: TTarget): Record<string, string> =>
  target.kind === 'postgres' ? { DATABASE_URL: target.url } : { DATA_DIR: target.dataDir };

interface TResult {
  sysname: string;
  caseName: TCaseName;
  /** Successful rounds, the warm-up's included (the wagering check counts them). */
  played: number;
  measured: number;
  elapsed: number;
  errors: Map<string, number>;
  latencies: number[];
  pgbenchTps: number[];
  cpu: { client: number; server: number; database: number; pgbenchClient: number; pgbenchDatabase: number };
  /** PostgreSQL connections first seen in a slice, and the CPU seconds they used: a new one warms its caches. */
  opened: { connections: number; seconds: number };
}

const httpBench = async (target: TTarget) => {
  const secrets = {
    SESSION_SECRET: randomBytes(24).toString('hex'),
    TOTP_ENCRYPTION_KEY: `bench:${randomBytes(32).toString('base64')}`,
    WALLET_HMAC_SECRET: randomBytes(24).toString('hex'),
  };
  if (target.kind === 'postgres') {
    await postgresAdmin(target.adminUrl).run(`create database ${target.database}`);
    if (profileFunctions) await postgresAdmin(target.adminUrl).run(trackFunctions(target.database));
  }

  // The players, made in this process on the same database (then closed: PGlite has one process at a time).
  const setup = await buildApp(testConfig({ ...databaseEnv(target), ...secrets }));
  await setup.ready();
  const players: TPlayer[] = [];
  for (let i = 0; i < clients * playersPerClient; i++) players.push(await playerWithEveryConsequence(setup));
  const consequences = setup.ctx.bets.names;
  await setup.close();

  const pgbench = target.kind === 'postgres' ? pgbenchOn(target.adminUrl, target.pgbenchDb, clients) : null;
  if (target.kind === 'postgres') {
    await postgresAdmin(target.adminUrl).run(`create database ${target.pgbenchDb}`);
    pgbench?.init();
  }
  const monitor = target.kind === 'postgres' ? new pg.Client({ connectionString: target.adminUrl }) : null;
  await monitor?.connect();
  /** CPU seconds so far of each PostgreSQL backend on a database (none on PGlite: it runs inside the server). */
  const backendsOf = async (datname: string) =>
    monitor ? backendCpu(monitor, datname) : new Map<number, number>();
  const backends = () => backendsOf(target.kind === 'postgres' ? target.database : '');

  const http = httpClient(clients);
  const results: TResult[] = [];
  log(
    `games.play: ${clients} clients × ${playersPerClient} players, ${warmup}s warm-up, then ${slices} × ${sliceSeconds}s${pgbench ? ' alternating with pgbench' : ''}, on ${target.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}`,
  );
  for (const { name: caseName, betsOff } of RUN_CASES) {
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    const server = await startServer({
      port,
      script: 'bench/server.ts',
      // e.g. `--cpu-prof --cpu-prof-dir=<dir>`: V8 profiles of each case's server (bench:wallet summarises its own).
      flags: process.env.BENCH_SERVER_FLAGS?.split(/\s+/).filter(Boolean) ?? [],
      env: { ...databaseEnv(target), ...secrets, ...(betsOff ? { BENCH_BETS_OFF: '1' } : {}) },
    });
    try {
      for (const game of GAMES) {
        const body = new URLSearchParams({
          sysname: game.sysname,
          mode: 'real',
          bet: game.bet,
          params: JSON.stringify(game.params),
        }).toString();
        const result: TResult = {
          sysname: game.sysname,
          caseName,
          played: 0,
          measured: 0,
          elapsed: 0,
          errors: new Map(),
          latencies: [],
          pgbenchTps: [],
          cpu: { client: 0, server: 0, database: 0, pgbenchClient: 0, pgbenchDatabase: 0 },
          opened: { connections: 0, seconds: 0 },
        };
        /** Every client plays rounds for `forSeconds`, one request in flight, its players in turn. */
        const drive = async (forSeconds: number, record: boolean) => {
          let rounds = 0;
          const deadline = performance.now() + forSeconds * 1000;
          await Promise.all(
            Array.from({ length: clients }, async (_, c) => {
              // A fresh connection per slice: none sits idle through a pgbench slice.
              const connection = http.connect(port);
              try {
                for (let i = 0; performance.now() < deadline; i++) {
                  const player = players[c * playersPerClient + (i % playersPerClient)] as TPlayer;
                  const t0 = performance.now();
                  const answer = await connection.post(
                    '/api/games.play?v=1&locale=en',
                    { 'content-type': 'application/x-www-form-urlencoded', cookie: player.cookie },
                    body,
                  );
                  const ms = performance.now() - t0;
                  if (answer.status === 200 && answer.body.includes('"error":null')) {
                    rounds++;
                    if (record) result.latencies.push(ms);
                  } else {
                    const type = /"type":"(\w+)"/.exec(answer.body)?.[1] ?? `HTTP ${answer.status}`;
                    result.errors.set(type, (result.errors.get(type) ?? 0) + 1);
                  }
                }
              } finally {
                connection.close();
              }
            }),
          );
          result.played += rounds;
          return rounds;
        };
        if (warmup > 0) await drive(warmup, false);
        for (let slice = 0; slice < slices; slice++) {
          const clientBefore = process.cpuUsage();
          const serverBefore = procCpu(server.pid ?? 0);
          const backendsBefore = await backends();
          const started = performance.now();
          const rounds = await drive(sliceSeconds, true);
          const elapsed = (performance.now() - started) / 1000;
          const clientUsed = process.cpuUsage(clientBefore);
          const backendsAfter = await backends();
          const used = {
            client: (clientUsed.user + clientUsed.system) / 1e6,
            server: procCpu(server.pid ?? 0) - serverBefore,
            database: backendCpuUsed(backendsAfter, backendsBefore),
          };
          for (const [pid, cpu] of backendsAfter)
            if (!backendsBefore.has(pid)) {
              result.opened.connections++;
              result.opened.seconds += cpu;
            }
          result.measured += rounds;
          result.elapsed += elapsed;
          result.cpu.client += used.client;
          result.cpu.server += used.server;
          result.cpu.database += used.database;
          const ms = (s: number) => ((s * 1000) / Math.max(1, rounds)).toFixed(2);
          log(
            `  ${caseName} ${game.sysname} slice: ${(rounds / elapsed).toFixed(1)} rounds/s, cpu per round ${ms(used.client)} / ${ms(used.server)} / ${target.kind === 'postgres' ? ms(used.database) : '-'} ms (client / server / PostgreSQL), load ${loadavg()[0]?.toFixed(2)}`,
          );
          if (!pgbench) continue;
          const pgbenchBefore = procCpu('self', true);
          const run = await pgbench.run(sliceSeconds, () =>
            backendsOf(target.kind === 'postgres' ? target.pgbenchDb : ''),
          );
          result.pgbenchTps.push(run.tps);
          result.cpu.pgbenchClient += procCpu('self', true) - pgbenchBefore;
          result.cpu.pgbenchDatabase += run.backendSeconds;
          log(`  pgbench slice: ${run.tps.toFixed(1)} tps, load ${loadavg()[0]?.toFixed(2)}`);
        }
        results.push(result);
      }
    } finally {
      await stopServer(server);
    }
  }
  http.close();
  await monitor?.end();

  const lines: string[] = [];
  for (const game of GAMES)
    for (const { name } of CASES) {
      const r = results.find((x) => x.sysname === game.sysname && x.caseName === name);
      if (r) lines.push(...report(r, name === 'on' ? consequences : [], target.kind === 'postgres'));
    }

  // Wagering moves with the stake inside the wallet's bet (ADR 010), so it is not one of the switchable
  // consequences. What the bonuses record as wagered must equal what the bets' wallet records carry (each stake
  // weighed by its game's kind while the player had an active bonus). Every case's rounds, weighted, are printed
  // too: they are more once the bonuses complete their wagering during the run, as the welcome bonuses do at 5.00
  // a round.
  const expected = results.reduce((total, r) => total + BigInt(r.played) * contribution(r.sysname), 0n);
  let wagering = '';
  const discrepancies = await auditScratchLedger(
    target.kind === 'postgres' ? { databaseUrl: target.url } : { dataDir: target.dataDir },
    async (db) => {
      const { rows } = (await db.execute(
        `select count(*) filter (where status = 'active')::int as active,
                count(*) filter (where status = 'completed')::int as completed, count(*)::int as bonuses,
                coalesce(sum(wagered), 0)::text as wagered,
                (select coalesce(sum(bonus_wagered), 0) from wallet_transactions
                  where type = 'bet' and status = 'ok')::text as recorded
           from player_bonuses`,
      )) as unknown as {
        rows: { active: number; completed: number; bonuses: number; wagered: string; recorded: string }[];
      };
      const [row] = rows;
      const wagered = BigInt(row?.wagered ?? 0);
      const recorded = BigInt(row?.recorded ?? 0);
      wagering =
        `wagering: ${row?.active}/${row?.bonuses} bonuses active (${row?.completed} completed), wagered ` +
        `${cents(wagered)}, ${wagered === recorded ? 'equal to' : 'NOT equal to'} the bets' records ${cents(recorded)} ` +
        `(every case's rounds weighted: ${cents(expected)})`;
      return [];
    },
  );
  lines.push(wagering, `ledger discrepancies ${discrepancies}`);
  if (profileFunctions && target.kind === 'postgres') {
    const rounds = results.reduce((total, r) => total + r.played, 0);
    lines.push(...(await databaseFunctionProfile(target.url, rounds, 'round')));
  }
  return lines;
};

/** What one round's stake adds to wagering: the game's kind in the catalogue (content/games) weighs it. */
const contribution = (sysname: string) => {
  const games = JSON.parse(readFileSync(join(ROOT, 'content/games/games.json'), 'utf8')) as {
    sysname: string;
    type: string;
  }[];
  const kind = games.find((g) => g.sysname === sysname)?.type;
  return (BET_CENTS * BigInt(contributionOf(DEFAULT_CONTRIBUTIONS, kind ?? 'unknown'))) / 100n;
};
const cents = (value: bigint) => `${value / 100n}.${String(value % 100n).padStart(2, '0')}`;

const report = (r: TResult, consequences: string[], withPgbench: boolean) => {
  const rate = r.measured / Math.max(1e-9, r.elapsed);
  const sorted = [...r.latencies].sort((a, b) => a - b);
  const p = (q: number) => quantile(sorted, q).toFixed(1);
  const tps = r.pgbenchTps.reduce((a, b) => a + b, 0) / Math.max(1, r.pgbenchTps.length);
  const head = withPgbench
    ? `games.play ${r.sysname} ${rate.toFixed(1)} rounds/s, pgbench ${tps.toFixed(1)} tps, ratio ${(rate / tps).toFixed(3)}, p99 ${p(0.99)} ms`
    : `games.play ${r.sysname} ${rate.toFixed(1)} rounds/s, pgbench n/a, p99 ${p(0.99)} ms`;
  const errors = [...r.errors].map(([type, n]) => `${n} ${type}`).join(', ') || '0 errors';
  const perRound = (s: number) => `${((s * 1000) / Math.max(1, r.measured)).toFixed(2)} ms`;
  const transactions = r.pgbenchTps.reduce((a, b) => a + b * sliceSeconds, 0);
  const perTx = (s: number) => `${((s * 1000) / Math.max(1, transactions)).toFixed(2)} ms`;
  return [
    head,
    `  case ${r.caseName} (consequences: ${consequences.join(', ') || 'none'}), ${r.measured} rounds, ${errors}, p50 ${p(0.5)} ms, p95 ${p(0.95)} ms`,
    withPgbench
      ? `  cpu per round: client ${perRound(r.cpu.client)}, server ${perRound(r.cpu.server)}, PostgreSQL ${perRound(r.cpu.database)} (${r.opened.connections} connections opened in the slices, ${r.opened.seconds.toFixed(1)} s of it); per pgbench transaction: pgbench ${perTx(r.cpu.pgbenchClient)}, PostgreSQL ${perTx(r.cpu.pgbenchDatabase)}`
      : `  cpu per round: client ${perRound(r.cpu.client)}, server with PGlite ${perRound(r.cpu.server)}`,
  ];
};

for (const line of engineBench(Number(process.env.BENCH_ENGINE_MS ?? 500))) console.log(line);
const target = await chooseTarget();
try {
  for (const line of await httpBench(target)) console.log(line);
} finally {
  if (target.kind === 'postgres') {
    const postgres = postgresAdmin(target.adminUrl);
    await postgres.run(`drop database if exists ${target.database} with (force)`).catch(() => undefined);
    await postgres.run(`drop database if exists ${target.pgbenchDb} with (force)`).catch(() => undefined);
  } else rmSync(target.dataDir, { recursive: true, force: true });
}
