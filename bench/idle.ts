/**
 * Idle cost: starts the production server (NODE_ENV=production, no site, the embedded database in a temporary
 * DATA_DIR; with IDLE_DATABASE_URL, a scratch PostgreSQL database made and dropped here), lets it settle for
 * IDLE_WARMUP seconds (15), then reads the process's CPU time (user + system, /proc/<pid>/stat) over IDLE_SECONDS
 * (20) with nobody connected, then again with one /ws/live watcher (the shared tables awake); on PostgreSQL also
 * its backends' CPU (backends that exit during a measure are not counted). The sportsbook's feed simulator (a demo
 * workload: odds moving every few seconds, ~28 ms/s on the embedded database) is off unless SPORTSBOOK_SIMULATOR
 * is set: what is measured is the server with nothing to do.
 * Last lines: `idle <ms> ms CPU in <s> s (<ms/s> ms/s)` and the same for `watched`.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { WebSocket } from 'ws';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const warmup = Number(process.env.IDLE_WARMUP ?? 15);
const seconds = Number(process.env.IDLE_SECONDS ?? 20);
const adminUrl = process.env.IDLE_DATABASE_URL;
const sleep = (s: number) => new Promise((r) => setTimeout(r, s * 1000));
const TICKS_PER_SECOND = 100; // USER_HZ on Linux

const freePort = () =>
  new Promise<number>((done) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => done(port));
    });
  });

/** User + system CPU of a process in ms. */
const cpuMs = (pid: number) => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
};

/** The CPU of the database's PostgreSQL backends by pid (the server runs on this machine). */
const backendsMs = async (admin: pg.Client | null, datname: string) => {
  const cpu = new Map<number, number>();
  if (!admin) return cpu;
  const { rows } = await admin.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [
    datname,
  ]);
  for (const { pid } of rows) {
    try {
      cpu.set(pid, cpuMs(pid));
    } catch {
      /* gone meanwhile */
    }
  }
  return cpu;
};

const measure = async (label: string, pid: number, admin: pg.Client | null) => {
  const before = cpuMs(pid);
  const backendsBefore = await backendsMs(admin, database);
  await sleep(seconds);
  const used = cpuMs(pid) - before;
  let backends = 0;
  for (const [backend, ms] of await backendsMs(admin, database))
    backends += ms - (backendsBefore.get(backend) ?? 0);
  const postgres = admin
    ? `, PostgreSQL backends ${backends} ms (${(backends / seconds).toFixed(1)} ms/s)`
    : '';
  console.log(`${label} ${used} ms CPU in ${seconds} s (${(used / seconds).toFixed(1)} ms/s)${postgres}`);
};

const dataDir = mkdtempSync(join(tmpdir(), 'casino-idle-'));
const database = `idle_${Date.now()}`;
const env: Record<string, string> = {
  ...(process.env as Record<string, string>),
  NODE_ENV: 'production',
  SERVE_WEB: '0',
  LOG_LEVEL: 'warn',
  DATA_DIR: dataDir,
  SESSION_SECRET: 'idle-bench-session-secret',
  TOTP_ENCRYPTION_KEY: `bench:${Buffer.alloc(32, 7).toString('base64')}`,
  WALLET_HMAC_SECRET: 'idle-bench-wallet-secret',
  SPORTSBOOK_FEED_SECRET: 'idle-bench-sportsbook-feed-secret',
  CONTENT_JWT_SECRET: 'idle-bench-content-jwt-secret-0123456789',
  SPORTSBOOK_SIMULATOR: process.env.SPORTSBOOK_SIMULATOR ?? '0',
  // The simulator is part of the demo: measured with it, the server runs as the demo does.
  ...(process.env.SPORTSBOOK_SIMULATOR === '1'
    ? {
        DEMO_MODE: '1',
        DEMO_OPERATOR_PASSWORD: 'idle-bench-demo-operator',
        DEMO_OPERATOR_TOTP_SECRET: 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ',
      }
    : {}),
  PORT: String(await freePort()),
  HOST: '127.0.0.1',
};
env.PUBLIC_URL = `http://127.0.0.1:${env.PORT}`;
const admin = adminUrl ? new pg.Client({ connectionString: adminUrl }) : null;
if (admin) {
  await admin.connect();
  await admin.query(`create database ${database}`);
  const url = new URL(adminUrl as string);
  url.pathname = `/${database}`;
  env.DATABASE_URL = url.toString();
}
const server = spawn(process.execPath, ['apps/server/src/main.ts'], { cwd: root, env, stdio: 'inherit' });
try {
  for (let i = 0; ; i++) {
    const ready = await fetch(`http://127.0.0.1:${env.PORT}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (i > 600) throw new Error('the server did not start');
    await sleep(0.2);
  }
  await sleep(warmup);
  if (env.SPORTSBOOK_SIMULATOR !== '0') console.log(`sportsbook feed simulator: ${env.SPORTSBOOK_SIMULATOR}`);
  await measure('idle', server.pid as number, admin);
  const socket = new WebSocket(`ws://127.0.0.1:${env.PORT}/ws/live`);
  await new Promise((done) => socket.once('open', done));
  await measure('watched', server.pid as number, admin);
  socket.close();
} finally {
  server.kill('SIGTERM');
  await new Promise((done) => server.once('exit', done));
  rmSync(dataDir, { recursive: true, force: true });
  if (admin) {
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.end();
  }
}
