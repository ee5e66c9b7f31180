/**
 * Sportsbook benchmark, on PostgreSQL (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test; it makes and
 * drops its own databases). Starts the real server (simulator off) and prints:
 *   1. bets placed per second through HTTP (BENCH_CLIENTS concurrent players placing singles for BENCH_SECONDS)
 *      vs pgbench's TPC-B-like script with the same clients in the same run: the ratio (goal ≥ 0.5);
 *   2. the time to settle BENCH_SETTLE_BETS (100,000) open bets of the bench's players on one market: one signed
 *      bet_settlement (its answer comes at once; the jobs queue settles the bets, docs/decisions/030 and 035), timed
 *      until no bet is open (goal < 10 s); also the feed request's own time and the bets per second;
 *   3. odds change → socket p99 with BENCH_SOCKETS (1,000) clients on /ws/sportsbook (goal < 100 ms);
 *   4. ledger discrepancies after the run (goal 0);
 *   5. the broker path (BENCH_UOF=0 leaves it out; RabbitMQ at BENCH_UOF_AMQP_URL): the server runs the UOF adapter
 *      throughout, and UOF odds_change messages applied per second and odds → socket p99 through AMQP are measured
 *      (bench/sportsbook-uof.ts).
 * Last line: `sportsbook <X> bets/s, pgbench <Y> tps, ratio <R>, settle <S> s, odds p99 <P> ms, uof <M> msg/s,
 * uof odds p99 <Q> ms, ledger discrepancies <N>`.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import pg from 'pg';
import { HOUSE } from '../apps/server/src/modules/ledger/accounts.ts';
import { postTransaction } from '../apps/server/src/modules/ledger/post-transaction.ts';
import { createPlayer } from '../apps/server/src/modules/players/service.ts';
import { openDatabase } from '../apps/server/src/platform/db/database.ts';
import { sessions } from '../apps/server/src/platform/session.ts';
import {
  auditScratchLedger,
  backendCpu,
  backendCpuUsed,
  DEFAULT_ADMIN_URL,
  log,
  postgresAdmin,
  procCpu,
  startServer,
  stopServer,
} from './harness.ts';
import { oddsStep } from './sportsbook-odds.ts';
import { placementStep } from './sportsbook-place.ts';
import { startUofFeed } from './sportsbook-uof.ts';

const adminUrl = process.env.DATABASE_URL ?? DEFAULT_ADMIN_URL;
const clients = Number(process.env.BENCH_CLIENTS ?? 8);
const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const settleBets = Number(process.env.BENCH_SETTLE_BETS ?? 100_000);
const socketCount = Number(process.env.BENCH_SOCKETS ?? 1_000);
const changes = Number(process.env.BENCH_ODDS_CHANGES ?? 50);
const warmup = Number(process.env.BENCH_WARMUP ?? 3);
const slices = Number(process.env.BENCH_SLICES ?? 2);
/** BENCH_PROFILE=<dir>: the server runs with --cpu-prof into <dir> (written when it stops). */
const profileDir = process.env.BENCH_PROFILE ? resolve(process.env.BENCH_PROFILE) : null;
const suffix = randomBytes(5).toString('hex');
const bookDb = `bench_sportsbook_${suffix}`;
const pgbenchDb = `bench_sb_pgbench_${suffix}`;
const secret = randomBytes(24).toString('hex');
const postgres = postgresAdmin(adminUrl);
const port = 4700 + Math.floor(Math.random() * 200);
const base = `http://127.0.0.1:${port}`;
let seq = 0;

const feed = async (message: Record<string, unknown>) => {
  const body = JSON.stringify({
    message_id: `bench-${suffix}-${seq++}`,
    timestamp: Date.now() + seq,
    ...message,
  });
  const response = await fetch(`${base}/feed/sportsbook`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-feed-signature': `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`,
    },
    body,
  });
  if (response.status !== 200) throw new Error(`feed: ${response.status} ${await response.text()}`);
};

const fixture = async (id: string) => {
  await feed({
    type: 'fixture',
    event_id: id,
    sport: 'football',
    tournament: 'Bench League',
    competitors: [
      { id: `${id}-h`, name: 'Home' },
      { id: `${id}-a`, name: 'Away' },
    ],
    start_time: new Date(Date.now() + 86_400_000).toISOString(),
  });
  await feed({
    type: 'odds_change',
    event_id: id,
    markets: [
      {
        id: 1,
        specifiers: '',
        status: 1,
        outcomes: [
          { id: '1', odds: 2 },
          { id: '2', odds: 3.4 },
          { id: '3', odds: 3.9 },
        ],
      },
    ],
  });
};

const main = async () => {
  const uof = process.env.BENCH_UOF === '0' ? null : await startUofFeed();
  await postgres.run(`create database ${bookDb}`);
  await postgres.run(`create database ${pgbenchDb}`);
  const server = await startServer({
    port,
    // bench/server.ts: main.ts's start, and the wallet batches' line printed as it stops.
    script: 'bench/server.ts',
    env: {
      DATABASE_URL: postgres.url(bookDb),
      SESSION_SECRET: randomBytes(24).toString('hex'),
      TOTP_ENCRYPTION_KEY: `bench:${randomBytes(32).toString('base64')}`,
      WALLET_HMAC_SECRET: randomBytes(24).toString('hex'),
      SPORTSBOOK_FEED_SECRET: secret,
      SPORTSBOOK_SIMULATOR: '0',
      ...(uof?.env ?? {}),
    },
    flags: [
      ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []),
      ...(process.env.BENCH_SERVER_FLAGS?.split(/\s+/).filter(Boolean) ?? []),
    ],
  });
  const database = await openDatabase({ databaseUrl: postgres.url(bookDb), dataDir: 'memory://' });
  const raw = new pg.Client({ connectionString: postgres.url(bookDb) });
  // The scratch database is dropped WITH (FORCE) when a step fails: its connection's end is not the failure.
  raw.on('error', () => undefined);
  await raw.connect();
  let discrepancies = 0;
  try {
    await uof?.ready();
    // Players with a session cookie and money.
    const cookies: string[] = [];
    for (let i = 0; i < clients; i++) {
      const email = `bench-${suffix}-${i}@example.com`;
      const player = await createPlayer(database.db, {
        login: email,
        email,
        passwordHash: 'x',
        createdAt: new Date(),
      });
      const token = randomBytes(32).toString('base64url');
      await database.db.insert(sessions).values({
        tokenHash: createHash('sha256').update(token).digest('hex'),
        playerId: player.id,
        createdAt: new Date(),
        lastSeenAt: new Date(),
        expiresAt: new Date(Date.now() + 86_400_000),
      });
      await postTransaction(database.db, {
        idempotencyKey: `bench-fund-${player.id}`,
        kind: 'bench.fund',
        entries: [
          { account: { playerId: player.id, kind: 'main' }, amount: 100_000_000n },
          { account: HOUSE.payments, amount: -100_000_000n },
        ],
      });
      cookies.push(`sid=${token}`);
    }
    // One event per client, so the per-event limit never refuses.
    for (let i = 0; i < clients; i++) await fixture(`bench-place-${i}`);

    // 1. Placement through HTTP, alternating with pgbench with the same clients.
    const { betsPerSecond, tps } = await placementStep({
      port,
      serverPid: server.pid ?? 0,
      clients,
      seconds,
      warmup,
      slices,
      adminUrl,
      bookDb,
      pgbenchDb,
      cookies,
    });

    // 2. Settling many open bets on one market (BENCH_SETTLE_BETS=0 leaves it out).
    let settleSeconds = Number.NaN;
    if (settleBets > 0) {
      await fixture('bench-settle');
      // The market's bets come from the bench's players (BENCH_CLIENTS), round robin, as a real market's bets come
      // from many players: a settlement's chains each take a share of the players (docs/decisions/035).
      const wallets = (
        await raw.query<{ wallet_token: string; player_id: string }>(
          'select distinct on (player_id) wallet_token, player_id from sb_bets order by player_id, id',
        )
      ).rows;
      if (wallets.length === 0) throw new Error('no bet was placed');
      await raw.query(
        `with w as (select row_number() over (order by player_id) - 1 as n, player_id, wallet_token
                      from unnest($1::bigint[], $2::text[]) as u(player_id, wallet_token)),
         b as (
         insert into sb_bets (player_id, bet_uuid, seq, type, lines, stake, total_stake, potential_payout, wallet_token,
                              round_id, placed_at)
         select w.player_id, 'settle-' || g, 0, 'single', 1, 100, 100, 200, w.wallet_token, 'bench-settle-' || g, now()
           from generate_series(1, $3::int) g join w on w.n = g % $4 order by g returning id)
       insert into sb_bet_legs (bet_id, leg, event_id, market_id, specifiers, outcome_id, odds)
       select id, 0, 'bench-settle', 1, '', '1', 2000 from b`,
        [wallets.map((w) => w.player_id), wallets.map((w) => w.wallet_token), settleBets, wallets.length],
      );
      // Each bet's wallet round, as its placement leaves it (the stake on it; the payout closes nothing new).
      await raw.query(
        `insert into game_rounds (provider, round_id, player_id, game, mode, bet_total, created_at, updated_at)
         select s.provider, b.round_id, s.player_id, s.game, 'real', 100, now(), now()
           from sb_bets b join wallet_sessions s on s.token = b.wallet_token where b.bet_uuid like 'settle-%'`,
      );
      // The book as hours of placement leave it: autovacuum has seen the new rows (statistics, visibility), rather
      // than vacuuming and analysing 100,000 fresh bets and rounds in the middle of the timed settlement.
      await raw.query('vacuum analyze sb_bets, sb_bet_legs, game_rounds');
      // Every run starts its settlement right after a checkpoint, so each pays the same full-page writes (a
      // checkpoint that fell inside one run and not another made their times differ by a tenth).
      await raw.query('checkpoint').catch(() => undefined);
      const serverCpuBefore = procCpu(server.pid ?? 0);
      const backendsBefore = await backendCpu(raw, bookDb);
      const settleStart = performance.now();
      await feed({
        type: 'bet_settlement',
        event_id: 'bench-settle',
        markets: [
          {
            id: 1,
            specifiers: '',
            outcomes: [
              { id: '1', result: 1 },
              { id: '2', result: 0 },
              { id: '3', result: 0 },
            ],
          },
        ],
      });
      const answeredMs = performance.now() - settleStart;
      // A chain settles its players' bets in id order, a batch in one transaction, so the settlement is over when
      // each player's last bet is: eight primary-key probes a poll. Scanning the open bets' partial index instead
      // walked the settled bets' dead entries at every poll, CPU taken from the settlement it measures. The full
      // check follows, and the polling goes on with it should it find a bet still open.
      const lastBets = (
        await raw.query<{ id: string }>(
          `select max(id)::text as id from sb_bets where bet_uuid like 'settle-%' group by player_id`,
        )
      ).rows.map((r) => r.id);
      const openAmong = async (query: string, values: unknown[] = []) =>
        ((await raw.query(query, values)).rowCount ?? 0) > 0;
      while (
        await openAmong(`select 1 from sb_bets where id = any($1::bigint[]) and status = 'open'`, [lastBets])
      )
        await new Promise((r) => setTimeout(r, 20));
      while (
        await openAmong(`select 1 from sb_bets where status = 'open' and bet_uuid like 'settle-%' limit 1`)
      )
        await new Promise((r) => setTimeout(r, 100));
      settleSeconds = (performance.now() - settleStart) / 1000;
      const serverCpu = procCpu(server.pid ?? 0) - serverCpuBefore;
      const backendsCpu = backendCpuUsed(await backendCpu(raw, bookDb), backendsBefore);
      const perBet = (cpu: number) => `${((cpu / settleBets) * 1e6).toFixed(0)} µs`;
      log(
        `settlement: ${settleBets} bets in ${settleSeconds.toFixed(2)} s (${(settleBets / settleSeconds).toFixed(0)} bets/s; ` +
          `the feed answered in ${answeredMs.toFixed(0)} ms); cpu per bet: server ${perBet(serverCpu)}, ` +
          `PostgreSQL ${perBet(backendsCpu)}, load ${loadavg()[0]?.toFixed(2)}`,
      );
    }

    // 3. Odds change → socket latency.
    await fixture('bench-odds');
    const p99 = await oddsStep({
      port,
      serverPid: server.pid ?? 0,
      sockets: socketCount,
      changes,
      eventId: 'bench-odds',
      send: (odds) =>
        feed({
          type: 'odds_change',
          event_id: 'bench-odds',
          markets: [{ id: 1, specifiers: '', status: 1, outcomes: [{ id: '1', odds }] }],
        }),
    });

    // 5. The broker path.
    const broker = uof
      ? await uof.measure({ port, serverPid: server.pid ?? 0, raw, sockets: socketCount, changes })
      : null;

    await stopServer(server);
    await raw.end();
    await database.close();
    // 4. The ledger.
    discrepancies = await auditScratchLedger({ databaseUrl: postgres.url(bookDb) });
    process.stdout.write(
      `sportsbook ${betsPerSecond.toFixed(1)} bets/s, pgbench ${tps.toFixed(1)} tps, ratio ${(betsPerSecond / tps).toFixed(2)}, ` +
        `settle ${Number.isNaN(settleSeconds) ? 'n/a' : `${settleSeconds.toFixed(2)} s`}, odds p99 ${p99.toFixed(1)} ms, ` +
        `uof ${broker ? `${broker.perSecond.toFixed(0)} msg/s, uof odds p99 ${broker.p99.toFixed(1)} ms` : 'n/a'}, ` +
        `ledger discrepancies ${discrepancies}\n`,
    );
  } catch (error) {
    const cause = error instanceof Error && error.cause ? ` (cause: ${String(error.cause)})` : '';
    process.stderr.write(
      `sportsbook bench failed: ${error instanceof Error ? error.stack : String(error)}${cause}\n`,
    );
    process.exitCode = 1;
    await stopServer(server).catch(() => undefined);
  } finally {
    await uof?.close().catch(() => undefined);
    await postgres.run(`drop database if exists ${bookDb} with (force)`).catch(() => undefined);
    await postgres.run(`drop database if exists ${pgbenchDb} with (force)`).catch(() => undefined);
  }
  if (discrepancies > 0) process.exitCode = 1;
};

await main();
