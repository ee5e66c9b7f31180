/**
 * What the HTTP benchmarks against PostgreSQL share (bench/wallet.ts, bench/games.ts): scratch databases, the real
 * server as a separate process, a cheap keep-alive HTTP/1.1 load generator, CPU readers (/proc), pgbench's
 * TPC-B-like script as the yardstick, and the ledger audit run at the end.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { openSync, readFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { auditLedger } from '../apps/server/src/modules/ledger/audit.ts';
import { batchExecutorOf } from '../apps/server/src/modules/wallet/batch-executor.ts';
import { poolOf } from '../apps/server/src/modules/wallet/executors.ts';
import type { TWalletContext } from '../apps/server/src/modules/wallet/sessions.ts';
import { openDatabase, type TDb } from '../apps/server/src/platform/db/database.ts';
import { requiredSecrets } from '../apps/server/src/platform/secrets.ts';

export const ROOT = fileURLToPath(new URL('../', import.meta.url));
export const DEFAULT_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/test';
export const log = (line: string) => process.stderr.write(`${line}\n`);

export { postgresAdmin } from '../apps/server/src/test/postgres-admin.ts';

const ticks = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' })) || 100;
  } catch {
    return 100;
  }
})();

/** CPU seconds (user + system) of a process from /proc (Linux; 0 elsewhere); `children` counts its waited-for children. */
export const procCpu = (pid: number | 'self', children = false) => {
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

/** CPU seconds used so far by each PostgreSQL backend connected to a database (their pids from pg_stat_activity). */
export const backendCpu = async (monitor: pg.Client, datname: string) => {
  const { rows } = await monitor.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = $1',
    [datname],
  );
  return new Map(rows.map(({ pid }) => [pid, procCpu(pid)]));
};

/**
 * The CPU seconds the backends used between two readings of backendCpu, backend by backend: one opened in between
 * counts whole (its warm-up is the slice's work), one closed in between is missing from `after` and counts nothing.
 * A difference of the two readings' totals would take a closed backend's whole life out of the slice.
 */
export const backendCpuUsed = (after: Map<number, number>, before: Map<number, number>) =>
  [...after].reduce((total, [pid, cpu]) => total + cpu - (before.get(pid) ?? 0), 0);

/**
 * Starts a server process in production mode on 127.0.0.1:port (no Redis, no site) and waits for /healthz.
 * The database comes from `env` only (DATABASE_URL, or DATA_DIR for PGlite), never from this process's environment.
 * Its log (stdout, warnings and errors) is dropped unless `BENCH_SERVER_LOG` names a file to append it to.
 */
export const startServer = async (options: {
  port: number;
  env: Record<string, string>;
  /** The entry point, relative to the repository root. */
  script?: string;
  /** Node flags (profiling, perf maps). */
  flags?: string[];
}) => {
  const { REDIS_URL: _r, DATABASE_URL: _d, DATA_DIR: _data, ...inherited } = process.env;
  const child = spawn(
    process.execPath,
    [...(options.flags ?? []), options.script ?? 'apps/server/src/main.ts'],
    {
      cwd: ROOT,
      env: {
        ...inherited,
        NODE_ENV: 'production',
        PORT: String(options.port),
        HOST: '127.0.0.1',
        PUBLIC_URL: `http://127.0.0.1:${options.port}`,
        SERVE_WEB: '0',
        LOG_LEVEL: 'warn',
        // Production refuses the development secrets: the benchmark's own (a caller's env may set its own).
        ...Object.fromEntries(requiredSecrets(false).map((s) => [s.name, s.make()])),
        ...options.env,
      },
      stdio: [
        'ignore',
        process.env.BENCH_SERVER_LOG ? openSync(process.env.BENCH_SERVER_LOG, 'a') : 'ignore',
        'inherit',
      ],
    },
  );
  const exited = new Promise((r) => child.once('exit', r));
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${options.port}/healthz`)).ok) {
        log(`server process ${child.pid} on port ${options.port}`);
        return child;
      }
    } catch {
      /* starting */
    }
    if (child.exitCode !== null) break;
    await Promise.race([exited, new Promise((r) => setTimeout(r, 100))]);
  }
  child.kill('SIGKILL');
  throw new Error('the server did not start');
};

/** SIGTERM (the server closes its database cleanly) and waits for the exit. */
export const stopServer = (child: ChildProcess) => {
  if (child.exitCode !== null) return Promise.resolve();
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  return exited;
};

export interface THttpAnswer {
  status: number;
  body: string;
}

/** One keep-alive connection with one request in flight at a time. */
export interface THttpConnection {
  post(path: string, headers: Record<string, string>, body: string): Promise<THttpAnswer>;
  close(): void;
}

/**
 * The load generator should cost little next to the server it measures, as pgbench's C client does: one raw
 * keep-alive HTTP/1.1 connection, one request in flight, the answer read by its content-length (~50 µs of CPU
 * per request here against ~155 µs for node:http's client and several times that for fetch).
 */
export const rawConnection = (port: number): THttpConnection => {
  const socket = net.connect(port, '127.0.0.1');
  socket.setNoDelay(true);
  let buffered: Buffer = Buffer.alloc(0);
  let waiting: { resolve: (answer: THttpAnswer) => void; reject: (error: Error) => void } | null = null;
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
    w?.resolve({ status, body });
  });
  return {
    post: (path, headers, body) =>
      new Promise<THttpAnswer>((resolve, reject) => {
        waiting = { resolve, reject };
        let head = `POST ${path} HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\ncontent-length: ${Buffer.byteLength(body)}\r\n`;
        for (const [name, value] of Object.entries(headers)) head += `${name}: ${value}\r\n`;
        socket.write(`${head}\r\n${body}`);
      }),
    close: () => socket.destroy(),
  };
};

/** The same over node:http's client with a keep-alive agent (BENCH_HTTP=node), to compare the load generators. */
export const nodeConnection = (port: number, agent: http.Agent): THttpConnection => ({
  post: (path, headers, body) =>
    new Promise<THttpAnswer>((resolve, reject) => {
      const outgoing = http.request(
        {
          host: '127.0.0.1',
          port,
          path,
          method: 'POST',
          agent,
          headers: { ...headers, 'content-length': Buffer.byteLength(body) },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
          );
        },
      );
      outgoing.on('error', reject);
      outgoing.end(body);
    }),
  close: () => undefined,
});

/** The connection factory BENCH_HTTP selects (raw by default), and a closer for what it holds. */
export const httpClient = (maxSockets: number) => {
  if (process.env.BENCH_HTTP !== 'node') return { connect: rawConnection, close: () => undefined };
  const agent = new http.Agent({ keepAlive: true, maxSockets });
  return { connect: (port: number) => nodeConnection(port, agent), close: () => agent.destroy() };
};

/** The q-quantile of ascending values (0 when there are none). */
/** How the wallet's micro-batches went on this app's pool (wallet/batch-executor.ts); null on PGlite. */
export const walletBatchesLine = (ctx: TWalletContext) => {
  const pool = poolOf(ctx.db);
  if (!pool) return null;
  const { jobs, batches, batchedJobs, fallbacks, batchMs } = batchExecutorOf(ctx, pool).stats;
  const per = (total: number) => (total / Math.max(1, batches)).toFixed(1);
  return (
    `  wallet batches: ${jobs} jobs, ${batchedJobs} of them in ${batches} shared transactions ` +
    `(mean ${per(batchedJobs)} jobs, ${per(batchMs)} ms), ${fallbacks} sent back alone`
  );
};

export const quantile = (sorted: readonly number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

/**
 * pgbench's built-in TPC-B-like script on a scratch database of its own (initialised at scale 1, as
 * `pgbench -i` does), with the benchmark's client count: the yardstick of what this machine's PostgreSQL does now.
 */
export const pgbench = (adminUrl: string, database: string, clients: number) => {
  const u = new URL(adminUrl);
  const env = {
    ...process.env,
    PGHOST: u.hostname,
    PGPORT: u.port || '5432',
    PGUSER: decodeURIComponent(u.username || 'postgres'),
    ...(u.password ? { PGPASSWORD: decodeURIComponent(u.password) } : {}),
  };
  return {
    init: () =>
      execFileSync('pgbench', ['-i', '-q', database], { env, stdio: ['ignore', 'ignore', 'ignore'] }),
    /**
     * One slice; answers its tps and the CPU seconds its backends used (sampled every 200 ms while it runs, so a
     * little is missed at the end).
     */
    async run(sliceSeconds: number, backends: () => Promise<Map<number, number>>) {
      const child = spawn(
        'pgbench',
        [
          '-b',
          'tpcb-like',
          '-c',
          String(clients),
          '-j',
          String(Math.min(clients, 4)),
          '-T',
          String(sliceSeconds),
          database,
        ],
        { env, stdio: ['ignore', 'pipe', 'ignore'] },
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
        for (const [pid, seconds] of await backends()) seen.set(pid, Math.max(seen.get(pid) ?? 0, seconds));
        await Promise.race([exited, new Promise((r) => setTimeout(r, 200))]);
      }
      const code = await exited;
      const tps = /tps = ([\d.]+)/.exec(out)?.[1];
      if (code !== 0 || !tps) throw new Error(`pgbench failed (${code}):\n${out}`);
      return { tps: Number(tps), backendSeconds: [...seen.values()].reduce((a, b) => a + b, 0) };
    },
  };
};

/**
 * Audits the ledger of a benchmark's database once its servers have stopped (modules/ledger/audit.ts: each
 * transaction's entries sum to zero, each player account's balance equals the sum of its entries and is not
 * negative, balance_after follows the entries), plus the bench's own checks; prints each problem and answers
 * how many there are.
 */
export const auditScratchLedger = async (
  where: { databaseUrl?: string; dataDir?: string },
  more: (db: TDb) => Promise<string[]> = async () => [],
) => {
  const database = await openDatabase({
    databaseUrl: where.databaseUrl,
    dataDir: where.dataDir ?? 'memory://',
  });
  try {
    const problems = [...(await auditLedger(database.db)), ...(await more(database.db))];
    for (const problem of problems) log(`discrepancy: ${problem}`);
    return problems.length;
  } finally {
    await database.close();
  }
};

/** Makes a scratch database count the calls and time of its functions (pg_stat_user_functions). */
export const trackFunctions = (database: string) => `alter database ${database} set track_functions = 'all'`;

/** Every database function's calls and self / total time per unit of work (a round, a call), most costly first. */
export const databaseFunctionProfile = async (url: string, units: number, unit: string) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ funcname: string; calls: string; self: number; total: number }>(
      `select funcname, calls::text, self_time as self, total_time as total from pg_stat_user_functions
        order by self_time desc limit 20`,
    );
    const per = (ms: number) => `${((ms * 1000) / Math.max(1, units)).toFixed(1)} µs`;
    return [
      `database functions over ${units} ${unit}s (self / total per ${unit}, calls):`,
      ...rows.map(
        (r) =>
          `  ${r.funcname.padEnd(36)} ${per(r.self).padStart(10)} ${per(r.total).padStart(10)}  ${r.calls}`,
      ),
    ];
  } finally {
    await client.end();
  }
};
