/**
 * Wallet benchmark. On PostgreSQL (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test; it creates and
 * drops its own databases): starts the real server, runs N concurrent clients placing bet-and-win pairs through
 * the signed HTTP wallet API for T seconds, audits the ledger, then runs pgbench's built-in TPC-B-like script
 * with the same client count on a scratch database. One wallet call is one database transaction, so wallet
 * tx/s counts calls (a pair is two). The two alternate in BENCH_SLICES slices (4) so both meet the same machine
 * load. Env: BENCH_CLIENTS (8), BENCH_SECONDS (20, for each of the two), BENCH_INSTANCES (server processes, 1;
 * the clients are spread over them round-robin, as an operator would run one per core behind a balancer).
 * Last line: `wallet <X> tx/s, pgbench <Y> tps, ratio <X/Y>, ledger discrepancies <N>`.
 */
import { execFileSync, spawn } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
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
const instances = Math.max(1, Math.min(clients, Number(process.env.BENCH_INSTANCES ?? 1)));
const suffix = randomBytes(5).toString('hex');
const walletDb = `bench_wallet_${suffix}`;
const pgbenchDb = `bench_pgbench_${suffix}`;
const secret = randomBytes(24).toString('hex');

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

const startServer = async (port: number) => {
  const { REDIS_URL: _ignored, ...env } = process.env;
  const child = spawn(process.execPath, ['apps/server/src/main.ts'], {
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
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return child;
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
  // A lean keep-alive HTTP client (node:http): pgbench's client is C, so the harness should cost little next
  // to the server it measures (fetch costs several times the CPU per request on this 2-core machine).
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
  const call = (port: number, path: string, body: Record<string, unknown>) =>
    new Promise<void>((resolve, reject) => {
      const raw = JSON.stringify(body);
      const request = http.request(
        {
          host: '127.0.0.1',
          port,
          path: `/wallet/v1/${path}`,
          method: 'POST',
          agent,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(raw),
            'x-wallet-signature': createHmac('sha256', secret).update(raw).digest('hex'),
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
      request.on('error', reject);
      request.end(raw);
    });
  let calls = 0;
  let walletSeconds = 0;
  // Where the time goes: each call's latency as the client sees it, per kind (a bet runs the guard too).
  const latency = { bet: [] as number[], win: [] as number[] };
  const timed = async (port: number, kind: 'bet' | 'win', body: Record<string, unknown>) => {
    const t0 = performance.now();
    await call(port, kind, body);
    latency[kind].push(performance.now() - t0);
  };
  const next = sessions.map(() => 0);
  const walletSlice = async (sliceSeconds: number) => {
    const started = performance.now();
    const deadline = started + sliceSeconds * 1000;
    await Promise.all(
      sessions.map(async ({ token }, c) => {
        const port = basePort + (c % instances);
        while (performance.now() < deadline) {
          const i = next[c] ?? 0;
          next[c] = i + 1;
          const round = `c${c}r${i}`;
          await timed(port, 'bet', {
            session: token,
            transaction_id: `${round}b`,
            round_id: round,
            amount: '1.00',
          });
          await timed(port, 'win', {
            session: token,
            transaction_id: `${round}w`,
            round_id: round,
            amount: i % 4 === 0 ? '2.00' : '0',
          });
          calls += 2;
        }
      }),
    );
    walletSeconds += (performance.now() - started) / 1000;
  };
  // The machine is shared: its load swings within seconds. Alternating wallet and pgbench slices makes both
  // face the same conditions, so the ratio means something even when the absolute figures move.
  const sliceSeconds = Math.max(1, Math.round(seconds / slices));
  log(
    `wallet and pgbench alternating ${slices} × ${sliceSeconds}s each, ${clients} clients, ${instances} server process(es)…`,
  );
  await admin(`create database ${pgbenchDb}`);
  initPgbench();
  const pgbenchTps: number[] = [];
  for (let slice = 0; slice < slices; slice++) {
    await walletSlice(sliceSeconds);
    pgbenchTps.push(runPgbench(sliceSeconds));
  }
  agent.destroy();
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
  return { rate: calls / walletSeconds, tps, discrepancies: problems.length };
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

/** One slice of pgbench's built-in TPC-B-like script with the same client count; answers its tps. */
const runPgbench = (sliceSeconds: number) => {
  const out = execFileSync(
    'pgbench',
    ['-c', String(clients), '-j', String(Math.min(clients, 4)), '-T', String(sliceSeconds), pgbenchDb],
    { env: pgbenchEnv(), encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
  );
  const tps = /tps = ([\d.]+)/.exec(out)?.[1];
  if (!tps) throw new Error(`could not read pgbench output:\n${out}`);
  return Number(tps);
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
