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
 * e.g. --perf-basic-prof for perf).
 * Last line: `wallet <X> tx/s, pgbench <Y> tps, ratio <X/Y>, ledger discrepancies <N>`.
 */
import { execFileSync, spawn } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { HOUSE } from '../apps/server/src/modules/ledger/accounts.ts';
import { auditLedger } from '../apps/server/src/modules/ledger/audit.ts';
import { getBalances } from '../apps/server/src/modules/ledger/balances.ts';
import { postTransaction } from '../apps/server/src/modules/ledger/post-transaction.ts';
import { createPlayer } from '../apps/server/src/modules/players/service.ts';
import { walletService } from '../apps/server/src/modules/wallet/wallet-service.ts';
import { memoryBus } from '../apps/server/src/platform/bus.ts';
import { openDatabase } from '../apps/server/src/platform/db/database.ts';
import { migrate } from '../apps/server/src/platform/db/migrate.ts';
import { defaultProviders } from '../apps/server/src/platform/providers.ts';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const clients = Number(process.env.BENCH_CLIENTS ?? 8);
const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const slices = Math.max(1, Number(process.env.BENCH_SLICES ?? 4));
const warmup = Math.max(0, Number(process.env.BENCH_WARMUP ?? 3));
const instances = Math.max(1, Math.min(clients, Number(process.env.BENCH_INSTANCES ?? 1)));
const suffix = randomBytes(5).toString('hex');
const walletDb = `bench_wallet_${suffix}`;
const pgbenchDb = `bench_pgbench_${suffix}`;
const secret = randomBytes(24).toString('hex');
/** BENCH_PROFILE=<dir>: the server processes run with --cpu-prof into <dir>; their top self times are printed. */
const profileDir = process.env.BENCH_PROFILE ? resolve(process.env.BENCH_PROFILE) : null;

const urlFor = (name: string) => {
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return u.toString();
};
const admin = async (statement: string) => {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
};
const log = (line: string) => process.stderr.write(`${line}\n`);

const ticks = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' })) || 100;
  } catch {
    return 100;
  }
})();
/** CPU seconds (user + system) of a process from /proc (Linux; 0 elsewhere); `children` counts its waited-for children. */
const procCpu = (pid: number | 'self', children = false) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat
      .slice(stat.lastIndexOf(')') + 2)
      .split(' ')
      .map(Number);
    const [utime, stime, cutime, cstime] = [f[11] ?? 0, f[12] ?? 0, f[13] ?? 0, f[14] ?? 0];
    return (children ? cutime + cstime : utime + stime) / ticks;
  } catch {
    return 0;
  }
};

const startServer = async (port: number) => {
  const { REDIS_URL: _ignored, ...env } = process.env;
  const flags = [
    ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${join(profileDir, suffix)}`] : []),
    ...(process.env.BENCH_SERVER_FLAGS?.split(/\s+/).filter(Boolean) ?? []),
  ];
  const child = spawn(process.execPath, [...flags, 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...env,
      NODE_ENV: 'production',
      DATABASE_URL: urlFor(walletDb),
      PORT: String(port),
      HOST: '127.0.0.1',
      SERVE_WEB: '0',
      LOG_LEVEL: 'warn',
      SESSION_SECRET: randomBytes(24).toString('hex'),
      WALLET_HMAC_SECRET: secret,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) {
        log(`server process ${child.pid} on port ${port}`);
        return child;
      }
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error('the server did not start');
};

const runWallet = async () => {
  await admin(`create database ${walletDb}`);
  const database = await openDatabase({ databaseUrl: urlFor(walletDb), dataDir: 'memory://' });
  await migrate(database);
  const ctx = { db: database.db, bus: memoryBus(), providers: defaultProviders() };
  const sessions: { playerId: number; token: string }[] = [];
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
    const { token } = await walletService.openSession(ctx, {
      playerId: player.id,
      game: 'bench',
      mode: 'real',
    });
    sessions.push({ playerId: player.id, token });
  }
  const basePort = 20_000 + Math.floor(Math.random() * 20_000);
  const servers = await Promise.all(Array.from({ length: instances }, (_, i) => startServer(basePort + i)));
  // The load generator should cost little next to the server it measures, as pgbench's C client does: by default
  // one raw keep-alive HTTP/1.1 connection per client (one request in flight, the answer read by its
  // content-length; ~50 µs of CPU per request here against ~155 µs for node:http's client and several times that
  // for fetch). BENCH_HTTP=node uses node:http with a keep-alive agent instead.
  const signed = (path: string, body: Record<string, unknown>) => {
    const raw = JSON.stringify(body);
    return {
      raw,
      signature: createHmac('sha256', secret).update(raw).digest('hex'),
      path: `/wallet/v1/${path}`,
    };
  };
  const rawConnection = (port: number) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.setNoDelay(true);
    let buffered: Buffer = Buffer.alloc(0);
    let waiting: { path: string; resolve: () => void; reject: (error: Error) => void } | null = null;
    const fail = (error: Error) => {
      const w = waiting;
      waiting = null;
      w?.reject(error);
    };
    socket.on('error', fail);
    socket.on('close', () => fail(new Error('the server closed the connection')));
    socket.on('data', (chunk: Buffer) => {
      buffered = buffered.length === 0 ? chunk : Buffer.concat([buffered, chunk]);
      const headEnd = buffered.indexOf('\r\n\r\n');
      if (headEnd < 0) return;
      const head = buffered.toString('latin1', 0, headEnd);
      const length = /\r\ncontent-length: *(\d+)/i.exec(head)?.[1];
      if (length === undefined) return fail(new Error(`an answer without content-length: ${head}`));
      const end = headEnd + 4 + Number(length);
      if (buffered.length < end) return;
      const status = Number(head.slice(9, 12));
      const body = buffered.toString('utf8', headEnd + 4, end);
      buffered = buffered.subarray(end);
      const w = waiting;
      waiting = null;
      if (status === 200) w?.resolve();
      else w?.reject(new Error(`${w?.path} answered ${status}: ${body}`));
    });
    return {
      call: (path: string, body: Record<string, unknown>) =>
        new Promise<void>((resolve, reject) => {
          const request = signed(path, body);
          waiting = { path, resolve, reject };
          socket.write(
            `POST ${request.path} HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\ncontent-type: application/json\r\n` +
              `content-length: ${Buffer.byteLength(request.raw)}\r\nx-wallet-signature: ${request.signature}\r\n\r\n${request.raw}`,
          );
        }),
      close: () => socket.destroy(),
    };
  };
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
  const nodeConnection = (port: number) => ({
    call: (path: string, body: Record<string, unknown>) =>
      new Promise<void>((resolve, reject) => {
        const request = signed(path, body);
        const outgoing = http.request(
          {
            host: '127.0.0.1',
            port,
            path: request.path,
            method: 'POST',
            agent,
            headers: {
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(request.raw),
              'x-wallet-signature': request.signature,
            },
          },
          (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () =>
              response.statusCode === 200
                ? resolve()
                : reject(new Error(`${path} answered ${response.statusCode}: ${Buffer.concat(chunks)}`)),
            );
          },
        );
        outgoing.on('error', reject);
        outgoing.end(request.raw);
      }),
    close: () => undefined,
  });
  const connect = process.env.BENCH_HTTP === 'node' ? nodeConnection : rawConnection;
  let walletCalls = 0;
  let walletSeconds = 0;
  // Where the time goes: each call's latency as the client sees it, per kind (a bet runs the guard too).
  const latency = { bet: [] as number[], win: [] as number[] };
  const next = sessions.map(() => 0);
  /** Every client places bet-and-win pairs for `forSeconds`; answers the number of calls. */
  const drive = async (forSeconds: number, record: boolean) => {
    let calls = 0;
    const deadline = performance.now() + forSeconds * 1000;
    const timed = async (
      connection: ReturnType<typeof connect>,
      kind: 'bet' | 'win',
      body: Record<string, unknown>,
    ) => {
      const t0 = performance.now();
      await connection.call(kind, body);
      if (record) latency[kind].push(performance.now() - t0);
    };
    await Promise.all(
      sessions.map(async ({ token }, c) => {
        // A fresh connection per slice: none sits idle through a pgbench slice.
        const connection = connect(basePort + (c % instances));
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
  const backendCpu = async (datname: string) => {
    const { rows } = await monitor.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = $1',
      [datname],
    );
    return new Map(rows.map(({ pid }) => [pid, procCpu(pid)]));
  };
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
    const used = {
      client: (clientUsed.user + clientUsed.system) / 1e6,
      server: servers.reduce((sum, server) => sum + procCpu(server.pid ?? 0), 0) - serverBefore,
      database: 0,
    };
    for (const [pid, seconds] of await backendCpu(walletDb)) {
      used.database += seconds - (backendsBefore.get(pid) ?? 0);
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
  initPgbench();
  // As a running server would be: its pool connections open, their plans cached, its code compiled by V8.
  // (pgbench needs no warm-up: its five statements are planned in microseconds on each fresh connection.)
  if (warmup > 0) await drive(warmup, false);
  const pgbenchTps: number[] = [];
  for (let slice = 0; slice < slices; slice++) {
    await walletSlice(sliceSeconds);
    const pgbenchBefore = procCpu('self', true);
    const pgbench = await runPgbench(sliceSeconds, () => backendCpu(pgbenchDb));
    pgbenchTps.push(pgbench.tps);
    log(`  pgbench slice: ${pgbench.tps.toFixed(1)} tps, load ${loadavg()[0]?.toFixed(2)}`);
    cpu.pgbenchClient += procCpu('self', true) - pgbenchBefore;
    cpu.pgbenchDatabase += pgbench.backendSeconds;
  }
  agent.destroy();
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
    const at = (q: number) =>
      (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0).toFixed(1);
    const mean = sorted.reduce((a, b) => a + b, 0) / Math.max(1, sorted.length);
    log(
      `wallet ${kind}: ${sorted.length} calls, mean ${mean.toFixed(1)} ms, p50 ${at(0.5)} ms, p95 ${at(0.95)} ms`,
    );
  }
  await Promise.all(
    servers.map((server) => {
      server.kill('SIGTERM');
      return new Promise((r) => server.once('exit', r));
    }),
  );
  if (profileDir) summariseProfiles(join(profileDir, suffix), windows);

  const problems = await auditLedger(ctx.db);
  const reader = new pg.Client({ connectionString: urlFor(walletDb) });
  await reader.connect();
  for (const { playerId } of sessions) {
    const [sums] = (
      await reader.query<{ bets: string; wins: string }>(
        `select coalesce(sum(amount) filter (where type = 'bet'), 0)::text as bets,
                coalesce(sum(amount) filter (where type = 'win'), 0)::text as wins
         from wallet_transactions where player_id = $1`,
        [playerId],
      )
    ).rows;
    const expected = 1_000_000_000n - BigInt(sums?.bets ?? 0) + BigInt(sums?.wins ?? 0);
    if ((await getBalances(ctx.db, playerId)).main !== expected)
      problems.push(`player ${playerId} balance drift`);
  }
  await reader.end();
  await database.close();
  for (const p of problems) log(`discrepancy: ${p}`);
  const tps = pgbenchTps.reduce((x, y) => x + y, 0) / pgbenchTps.length;
  log(`pgbench slices: ${pgbenchTps.map((t) => t.toFixed(1)).join(', ')} tps`);
  return { rate: walletCalls / walletSeconds, tps, discrepancies: problems.length };
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

const pgbenchEnv = () => {
  const u = new URL(adminUrl);
  return {
    ...process.env,
    PGHOST: u.hostname,
    PGPORT: u.port || '5432',
    PGUSER: decodeURIComponent(u.username || 'postgres'),
    ...(u.password ? { PGPASSWORD: decodeURIComponent(u.password) } : {}),
  };
};

const initPgbench = () =>
  execFileSync('pgbench', ['-i', '-q', pgbenchDb], {
    env: pgbenchEnv(),
    stdio: ['ignore', 'ignore', 'ignore'],
  });

/**
 * One slice of pgbench's built-in TPC-B-like script with the same client count; answers its tps and the CPU
 * seconds its backends used (sampled every 200 ms while it runs, so a little is missed at the end).
 */
const runPgbench = async (sliceSeconds: number, backendCpu: () => Promise<Map<number, number>>) => {
  const child = spawn(
    'pgbench',
    ['-c', String(clients), '-j', String(Math.min(clients, 4)), '-T', String(sliceSeconds), pgbenchDb],
    { env: pgbenchEnv(), stdio: ['ignore', 'pipe', 'ignore'] },
  );
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    out += chunk;
  });
  const exited = new Promise<number | null>((r) => child.once('exit', r));
  const seen = new Map<number, number>();
  let running = true;
  void exited.then(() => {
    running = false;
  });
  while (running) {
    for (const [pid, seconds] of await backendCpu()) seen.set(pid, Math.max(seen.get(pid) ?? 0, seconds));
    await Promise.race([exited, new Promise((r) => setTimeout(r, 200))]);
  }
  const code = await exited;
  const tps = /tps = ([\d.]+)/.exec(out)?.[1];
  if (code !== 0 || !tps) throw new Error(`pgbench failed (${code}):\n${out}`);
  return { tps: Number(tps), backendSeconds: [...seen.values()].reduce((a, b) => a + b, 0) };
};

try {
  const wallet = await runWallet();
  const tps = wallet.tps;
  console.log(
    `wallet ${wallet.rate.toFixed(1)} tx/s, pgbench ${tps.toFixed(1)} tps, ratio ${(wallet.rate / tps).toFixed(3)}, ledger discrepancies ${wallet.discrepancies}`,
  );
} finally {
  await admin(`drop database if exists ${walletDb} with (force)`).catch(() => undefined);
  await admin(`drop database if exists ${pgbenchDb} with (force)`).catch(() => undefined);
}
