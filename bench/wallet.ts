/**
 * Wallet benchmark. On PostgreSQL (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test; it creates and
 * drops its own databases): starts the real server, runs N concurrent clients placing bet-and-win pairs through
 * the signed HTTP wallet API for T seconds, audits the ledger, then runs pgbench's built-in TPC-B-like script
 * with the same client count on a scratch database. One wallet call is one database transaction, so wallet
 * tx/s counts calls (a pair is two). The two alternate in BENCH_SLICES slices (4) so both meet the same machine
 * load; the wallet first runs BENCH_WARMUP seconds (3, not counted) as a running server would have. Each slice
 * prints its rate, the CPU per call of the client, the server and the PostgreSQL backends, and the load average.
 * Env: BENCH_CLIENTS (8), BENCH_SECONDS (20, for each of the two), BENCH_INSTANCES (server processes, 1; the
 * clients are spread over them round-robin, as an operator would run one per core behind a balancer),
 * BENCH_HTTP=node (node:http's client instead of the raw keep-alive one), BENCH_PROFILE=<dir> (V8 CPU profiles of
 * the server, top self times of the wallet slices printed), BENCH_SERVER_FLAGS (more node flags for the server,
 * e.g. --perf-basic-prof for perf), BENCH_PG_FUNCTIONS=1 (each database function's time per call, track_functions).
 * BENCH_BONUS=1: every player also has an active casino bonus (modules/bonuses), so each bet runs the bonus path of
 * wallet_apply (migrations/0511: the stake's split, the wagering update) in its one transaction; the bonus is never
 * reached (real money first) nor completed (its requirement is far away), so every bet of the run pays that path.
 * Loyalty points are on (the product's rates; each stake writes its points entry in the bet's transaction);
 * BENCH_POINTS=0 leaves the rates empty, so no stake earns any: compare the two ratios (issue 13).
 * Last line: `wallet <X> tx/s, pgbench <Y> tps, ratio <X/Y>, ledger discrepancies <N>` (+ ` (bonus active)`).
 */
import { createHmac, randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { grantBonus } from '../apps/server/src/modules/bonuses/engine.ts';
import { HOUSE } from '../apps/server/src/modules/ledger/accounts.ts';
import { postTransaction } from '../apps/server/src/modules/ledger/post-transaction.ts';
import { readLoyaltyContent } from '../apps/server/src/modules/loyalty/seed.ts';
import { createPlayer } from '../apps/server/src/modules/players/service.ts';
import { walletService } from '../apps/server/src/modules/wallet/wallet-service.ts';
import { memoryBus } from '../apps/server/src/platform/bus.ts';
import { openDatabase } from '../apps/server/src/platform/db/database.ts';
import { migrate } from '../apps/server/src/platform/db/migrate.ts';
import { defaultProviders } from '../apps/server/src/platform/providers.ts';
import {
  backendCpu as backendCpuOf,
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
  startServer as startServerProcess,
  stopServer,
  trackFunctions,
} from './harness.ts';
import { auditWalletBalances } from './wallet-audit.ts';

const adminUrl = process.env.DATABASE_URL ?? DEFAULT_ADMIN_URL;
const clients = Number(process.env.BENCH_CLIENTS ?? 8);
const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const slices = Math.max(1, Number(process.env.BENCH_SLICES ?? 4));
const warmup = Math.max(0, Number(process.env.BENCH_WARMUP ?? 3));
const instances = Math.max(1, Math.min(clients, Number(process.env.BENCH_INSTANCES ?? 1)));
/** BENCH_BONUS=1: each player plays with an active bonus. */
const withBonus = process.env.BENCH_BONUS === '1';
/** Loyalty points on at the product's rates (content/loyalty: 1 point per 1.00 on slots, 0.2 elsewhere); 0: none. */
const withPoints = process.env.BENCH_POINTS !== '0';
const BONUS = 100_000_000n;
const suffix = randomBytes(5).toString('hex');
const walletDb = `bench_wallet_${suffix}`;
const pgbenchDb = `bench_pgbench_${suffix}`;
const secret = randomBytes(24).toString('hex');
/** BENCH_PROFILE=<dir>: the server processes run with --cpu-prof into <dir>; their top self times are printed. */
const profileDir = process.env.BENCH_PROFILE ? resolve(process.env.BENCH_PROFILE) : null;
/** BENCH_PG_FUNCTIONS=1: each database function's self and total time per wallet call (track_functions), warm-up included. */
const profileFunctions = process.env.BENCH_PG_FUNCTIONS === '1';

const postgres = postgresAdmin(adminUrl);
const urlFor = postgres.url;
const admin = postgres.run;
const pgbench = pgbenchOn(adminUrl, pgbenchDb, clients);

const startServer = (port: number) =>
  startServerProcess({
    port,
    // main.ts plus the micro-batch figures printed on exit.
    script: 'bench/server.ts',
    env: {
      DATABASE_URL: urlFor(walletDb),
      SESSION_SECRET: randomBytes(24).toString('hex'),
      TOTP_ENCRYPTION_KEY: `bench:${randomBytes(32).toString('base64')}`,
      WALLET_HMAC_SECRET: secret,
    },
    flags: [
      ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${join(profileDir, suffix)}`] : []),
      ...(process.env.BENCH_SERVER_FLAGS?.split(/\s+/).filter(Boolean) ?? []),
    ],
  });

const runWallet = async () => {
  await admin(`create database ${walletDb}`);
  if (profileFunctions) await admin(trackFunctions(walletDb));
  const database = await openDatabase({ databaseUrl: urlFor(walletDb), dataDir: 'memory://' });
  await migrate(database);
  const ctx = { db: database.db, bus: memoryBus(), providers: defaultProviders() };
  const sessions: { playerId: number; token: string }[] = [];
  // The scratch database is migrated, not seeded: the bonus case brings its own template (10x, no max bet).
  if (withBonus)
    await database.rawTransaction((raw) =>
      raw.exec(`insert into bonus_templates (id, sysname, type, wager_multiplier, contributions, valid_days,
                  description, source_hash)
                values (1, 'bench', 'casino', 10, '{"kinds": {"slot": 100}, "other": 10, "games": {}}', 365,
                  '{"texts": {"en": {"title": "Bench", "text": ""}}}', 'bench')`),
    );
  // Every stake then earns points: one more entry per bet in the points ledger, inside the bet's transaction.
  if (withPoints) {
    const rates = Object.entries(readLoyaltyContent(join(ROOT, 'content')).pointRates)
      .map(([kind, percent]) => `(${pg.escapeLiteral(kind)}, ${Math.trunc(percent)})`)
      .join(', ');
    await database.rawTransaction((raw) =>
      raw.exec(`insert into loyalty_point_rates (game_kind, percent) values ${rates}`),
    );
  }
  for (let c = 0; c < clients; c++) {
    const player = await createPlayer(ctx.db, { login: `bench${c}`, email: `bench${c}@example.com` });
    await postTransaction(ctx.db, {
      idempotencyKey: `bench-fund-${c}`,
      kind: 'bench.fund',
      entries: [
        { account: { playerId: player.id, kind: 'main' }, amount: 1_000_000_000n },
        { account: HOUSE.payments, amount: -1_000_000_000n },
      ],
    });
    if (withBonus)
      await grantBonus(ctx.db, {
        playerId: player.id,
        template: 'bench',
        amount: BONUS,
        source: 'operator',
        sourceRef: 'bench',
        grantKey: `bench:${player.id}`,
        now: new Date(),
      });
    const { token } = await walletService.openSession(ctx, {
      playerId: player.id,
      game: 'bench',
      mode: 'real',
    });
    sessions.push({ playerId: player.id, token });
  }
  await database.close();
  const basePort = 20_000 + Math.floor(Math.random() * 20_000);
  const servers = await Promise.all(Array.from({ length: instances }, (_, i) => startServer(basePort + i)));
  // One raw keep-alive connection per client (harness.ts; BENCH_HTTP=node: node:http's client). A call answers 200.
  const http = httpClient(clients);
  const call = async (
    connection: ReturnType<typeof http.connect>,
    path: string,
    body: Record<string, unknown>,
  ) => {
    const raw = JSON.stringify(body);
    const answer = await connection.post(
      `/wallet/v1/${path}`,
      {
        'content-type': 'application/json',
        'x-wallet-signature': createHmac('sha256', secret).update(raw).digest('hex'),
      },
      raw,
    );
    if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}: ${answer.body}`);
  };
  let walletCalls = 0;
  let walletSeconds = 0;
  /** Every call driven, warm-up included (the function profile counts them all). */
  let drivenCalls = 0;
  // Where the time goes: each call's latency as the client sees it, per kind (a bet runs the guard too).
  const latency = { bet: [] as number[], win: [] as number[] };
  const next = sessions.map(() => 0);
  /** Every client places bet-and-win pairs for `forSeconds`; answers the number of calls. */
  const drive = async (forSeconds: number, record: boolean) => {
    let calls = 0;
    const deadline = performance.now() + forSeconds * 1000;
    const timed = async (
      connection: ReturnType<typeof http.connect>,
      kind: 'bet' | 'win',
      body: Record<string, unknown>,
    ) => {
      const t0 = performance.now();
      await call(connection, kind, body);
      if (record) latency[kind].push(performance.now() - t0);
    };
    await Promise.all(
      sessions.map(async ({ token }, c) => {
        // A fresh connection per slice: none sits idle through a pgbench slice.
        const connection = http.connect(basePort + (c % instances));
        try {
          while (performance.now() < deadline) {
            const i = next[c] ?? 0;
            next[c] = i + 1;
            const round = `c${c}r${i}`;
            await timed(connection, 'bet', {
              session: token,
              transaction_id: `${round}b`,
              round_id: round,
              amount: '1.00',
            });
            await timed(connection, 'win', {
              session: token,
              transaction_id: `${round}w`,
              round_id: round,
              amount: i % 4 === 0 ? '2.00' : '0',
            });
            calls += 2;
            drivenCalls += 2;
          }
        } finally {
          connection.close();
        }
      }),
    );
    return calls;
  };
  // Where the CPU goes: this process (the load generator), the server process(es) and the PostgreSQL backends
  // serving the wallet database, measured over the wallet slices only.
  const monitor = new pg.Client({ connectionString: adminUrl });
  await monitor.connect();
  const backendCpu = (datname: string) => backendCpuOf(monitor, datname);
  const cpu = { client: 0, server: 0, database: 0, pgbenchClient: 0, pgbenchDatabase: 0 };
  // A connection opened mid-slice pays its warm-up (catalog caches, PL/pgSQL compiled, plans) in the slice.
  const backends = new Set<number>();
  let backendsOpened = 0;
  let openedSeconds = 0;
  /** The wallet slices on the monotonic clock (µs), the clock of V8's profile timestamps on Linux. */
  const windows: [number, number][] = [];
  const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);
  const walletSlice = async (sliceSeconds: number) => {
    const windowStart = monotonicUs();
    const clientBefore = process.cpuUsage();
    const serverBefore = servers.reduce((sum, server) => sum + procCpu(server.pid ?? 0), 0);
    const backendsBefore = await backendCpu(walletDb);
    const started = performance.now();
    const calls = await drive(sliceSeconds, true);
    const elapsed = (performance.now() - started) / 1000;
    walletCalls += calls;
    walletSeconds += elapsed;
    windows.push([windowStart, monotonicUs()]);
    const clientUsed = process.cpuUsage(clientBefore);
    const serverUsed = servers.reduce((sum, server) => sum + procCpu(server.pid ?? 0), 0) - serverBefore;
    const backendsAfter = await backendCpu(walletDb);
    const used = {
      client: (clientUsed.user + clientUsed.system) / 1e6,
      server: serverUsed,
      database: backendCpuUsed(backendsAfter, backendsBefore),
    };
    for (const [pid, seconds] of backendsAfter) {
      backends.add(pid);
      if (!backendsBefore.has(pid)) {
        backendsOpened++;
        openedSeconds += seconds;
      }
    }
    cpu.client += used.client;
    cpu.server += used.server;
    cpu.database += used.database;
    const ms = (seconds: number) => ((seconds * 1000) / Math.max(1, calls)).toFixed(2);
    log(
      `  wallet slice: ${(calls / elapsed).toFixed(1)} tx/s, cpu per call ${ms(used.client)} / ${ms(used.server)} / ${ms(used.database)} ms (client / server / PostgreSQL), load ${loadavg()[0]?.toFixed(2)}`,
    );
  };
  // The machine is shared: its load swings within seconds. Alternating wallet and pgbench slices makes both
  // face the same conditions, so the ratio means something even when the absolute figures move.
  const sliceSeconds = Math.max(1, Math.round(seconds / slices));
  log(
    `wallet and pgbench alternating ${slices} × ${sliceSeconds}s each, ${clients} clients, ${instances} server process(es)…`,
  );
  await admin(`create database ${pgbenchDb}`);
  pgbench.init();
  // As a running server would be: its pool connections open, their plans cached, its code compiled by V8.
  // (pgbench needs no warm-up: its five statements are planned in microseconds on each fresh connection.)
  if (warmup > 0) await drive(warmup, false);
  const pgbenchTps: number[] = [];
  for (let slice = 0; slice < slices; slice++) {
    await walletSlice(sliceSeconds);
    const pgbenchBefore = procCpu('self', true);
    const slice = await pgbench.run(sliceSeconds, () => backendCpu(pgbenchDb));
    pgbenchTps.push(slice.tps);
    log(`  pgbench slice: ${slice.tps.toFixed(1)} tps, load ${loadavg()[0]?.toFixed(2)}`);
    cpu.pgbenchClient += procCpu('self', true) - pgbenchBefore;
    cpu.pgbenchDatabase += slice.backendSeconds;
  }
  http.close();
  await monitor.end();
  const perCall = (seconds: number) => `${((seconds * 1000) / Math.max(1, walletCalls)).toFixed(2)} ms`;
  log(
    `cpu per wallet call: client ${perCall(cpu.client)}, server ${perCall(cpu.server)}, PostgreSQL backends ${perCall(cpu.database)} (${backends.size} connections, ${backendsOpened} opened during the slices using ${openedSeconds.toFixed(1)} s of it)`,
  );
  const pgbenchTransactions = pgbenchTps.reduce((x, y) => x + y * sliceSeconds, 0);
  const perTransaction = (seconds: number) =>
    `${((seconds * 1000) / Math.max(1, pgbenchTransactions)).toFixed(2)} ms`;
  log(
    `cpu per pgbench transaction: pgbench client ${perTransaction(cpu.pgbenchClient)}, PostgreSQL backends ${perTransaction(cpu.pgbenchDatabase)}`,
  );
  for (const [kind, values] of Object.entries(latency)) {
    const sorted = [...values].sort((a, b) => a - b);
    const at = (q: number) => quantile(sorted, q).toFixed(1);
    const mean = sorted.reduce((a, b) => a + b, 0) / Math.max(1, sorted.length);
    log(
      `wallet ${kind}: ${sorted.length} calls, mean ${mean.toFixed(1)} ms, p50 ${at(0.5)} ms, p95 ${at(0.95)} ms`,
    );
  }
  await Promise.all(servers.map(stopServer));
  if (profileDir) summariseProfiles(join(profileDir, suffix), windows);

  const discrepancies = await auditWalletBalances(
    urlFor(walletDb),
    sessions.map((x) => x.playerId),
    1_000_000_000n + (withBonus ? BONUS : 0n),
  );
  if (profileFunctions)
    log((await databaseFunctionProfile(urlFor(walletDb), drivenCalls, 'call')).join('\n'));
  const tps = pgbenchTps.reduce((x, y) => x + y, 0) / pgbenchTps.length;
  log(`pgbench slices: ${pgbenchTps.map((t) => t.toFixed(1)).join(', ')} tps`);
  return { rate: walletCalls / walletSeconds, tps, discrepancies };
};

interface TProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface TProfile {
  nodes: TProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** Where a profiled function lives: node internals, a package, or a file of ours. */
const areaOf = (url: string) => {
  if (!url) return '(native / V8)';
  if (url.startsWith('node:')) return url;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
  if (pkg) return pkg;
  return url.replace(/^file:\/\//, '').replace(ROOT, '');
};

/** Prints the top self times of the server profiles, counting only samples taken during the wallet slices. */
const summariseProfiles = (dir: string, windows: [number, number][]) => {
  mkdirSync(dir, { recursive: true });
  const byFunction = new Map<string, number>();
  const byArea = new Map<string, number>();
  let total = 0;
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'))) {
    const profile = JSON.parse(readFileSync(join(dir, file), 'utf8')) as TProfile;
    const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
    let at = profile.startTime;
    profile.samples.forEach((id, i) => {
      const delta = profile.timeDeltas[i] ?? 0;
      at += delta;
      if (!windows.some(([from, to]) => at >= from && at <= to)) return;
      const frame = nodes.get(id)?.callFrame;
      if (!frame || frame.functionName === '(idle)') return;
      const name = `${frame.functionName || '(anonymous)'} ${areaOf(frame.url)}:${frame.lineNumber + 1}`;
      byFunction.set(name, (byFunction.get(name) ?? 0) + delta);
      byArea.set(areaOf(frame.url), (byArea.get(areaOf(frame.url)) ?? 0) + delta);
      total += delta;
    });
  }
  const top = (map: Map<string, number>, n: number) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(
        ([k, us]) =>
          `  ${((100 * us) / Math.max(1, total)).toFixed(1).padStart(5)} %  ${(us / 1000).toFixed(0).padStart(6)} ms  ${k}`,
      )
      .join('\n');
  log(
    `server profile (${dir}), busy ${(total / 1e6).toFixed(1)} s in the wallet slices (wall-clock samples of the main thread: on a loaded machine a socket write also counts the time the woken peer or another process held the CPU); self time by area:`,
  );
  log(top(byArea, 15));
  log('self time by function:');
  log(top(byFunction, 30));
};

try {
  const wallet = await runWallet();
  const tps = wallet.tps;
  console.log(
    `wallet ${wallet.rate.toFixed(1)} tx/s, pgbench ${tps.toFixed(1)} tps, ratio ${(wallet.rate / tps).toFixed(3)}, ledger discrepancies ${wallet.discrepancies}${withBonus ? ' (bonus active)' : ''}${withPoints ? '' : ' (no loyalty points)'}`,
  );
} finally {
  await admin(`drop database if exists ${walletDb} with (force)`).catch(() => undefined);
  await admin(`drop database if exists ${pgbenchDb} with (force)`).catch(() => undefined);
}
