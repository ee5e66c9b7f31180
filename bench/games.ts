/**
 * Games benchmark: rounds per second of each engine alone (pure, in-process, over fresh seeds), then of
 * games.play through HTTP on the real server (in-memory PGlite, or PostgreSQL when DATABASE_URL is set: a
 * scratch database is created beside it and dropped at the end), in production mode as an operator runs it. Each HTTP round is one dice or slot round through the wallet: bet,
 * nonce under a row lock, outcome, win. Env: BENCH_ENGINE_MS (500 per engine), BENCH_SECONDS (5 per game),
 * BENCH_CLIENTS (4). Run: `npm run bench:games`.
 */
import { createHash, randomBytes } from 'node:crypto';
import { ENGINES, RoundFloats } from '@casino/games';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { HOUSE } from '../apps/server/src/modules/ledger/accounts.ts';
import { postTransaction } from '../apps/server/src/modules/ledger/post-transaction.ts';
import { createPlayer } from '../apps/server/src/modules/players/service.ts';
import { testConfig } from '../apps/server/src/platform/config.ts';
import { sessions } from '../apps/server/src/platform/session.ts';

const engineMs = Number(process.env.BENCH_ENGINE_MS ?? 500);
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const clients = Number(process.env.BENCH_CLIENTS ?? 4);

/** An opening action that every engine accepts (multi-step games are opened, not finished: one step). */
const ACTIONS: Record<string, unknown> = {
  roulette: { bets: [{ type: 'red', amount: 100n }] },
  'live-roulette': { bets: [{ type: 'red', amount: 100n }] },
  dice: { stake: 100n, target: 5000, over: true },
  crash: { stake: 100n, autoCashout: 200 },
  mines: { stake: 100n, mines: 3 },
  keno: { stake: 100n, picks: [1, 5, 9, 13, 17] },
  plinko: { stake: 100n, rows: 16, risk: 'medium' },
};

const engineBench = () => {
  const seed = randomBytes(32).toString('hex');
  const lines: string[] = [];
  for (const engine of ENGINES) {
    const action = ACTIONS[engine.id] ?? { stake: 100n };
    let rounds = 0;
    const start = performance.now();
    while (performance.now() - start < engineMs) {
      engine.step(null, action, new RoundFloats(seed, 'bench', rounds));
      rounds++;
    }
    const rate = (rounds * 1000) / (performance.now() - start);
    lines.push(`engine ${engine.id.padEnd(18)} ${Math.round(rate).toString().padStart(9)} rounds/s`);
  }
  return lines;
};

const httpBench = async () => {
  const env: Record<string, string> = {};
  const adminUrl = process.env.DATABASE_URL;
  const scratch = `bench_games_${randomBytes(5).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  if (adminUrl) {
    await admin(`create database ${scratch}`);
    const u = new URL(adminUrl);
    u.pathname = `/${scratch}`;
    env.DATABASE_URL = u.toString();
  }
  // As an operator runs it: production mode (no JSON validation of the answers, background jobs on).
  const app = await buildApp(
    testConfig({
      ...env,
      NODE_ENV: 'production',
      SESSION_SECRET: randomBytes(24).toString('hex'),
      WALLET_HMAC_SECRET: randomBytes(24).toString('hex'),
    }),
  );
  await app.ready();
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const cookies: string[] = [];
  for (let i = 0; i < clients; i++) {
    const now = new Date();
    const player = await createPlayer(app.ctx.db, {
      login: `bench${Date.now()}${i}@example.com`,
      email: `bench${Date.now()}${i}@example.com`,
      passwordHash: 'x',
      createdAt: now,
    });
    await postTransaction(app.ctx.db, {
      idempotencyKey: `bench-fund-${player.id}`,
      kind: 'bench.fund',
      entries: [
        { account: { playerId: player.id, kind: 'main' }, amount: 100_000_000n },
        { account: HOUSE.payments, amount: -100_000_000n },
      ],
    });
    const token = randomBytes(32).toString('base64url');
    await app.ctx.db.insert(sessions).values({
      tokenHash: createHash('sha256').update(token).digest('hex'),
      playerId: player.id,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + 3600_000),
    });
    cookies.push(`sid=${token}`);
  }
  const lines: string[] = [];
  for (const [sysname, params] of [
    ['sparkrush_dice_duel', { target: 5000, over: true }],
    ['copperfox_cherry_flare', {}],
  ] as const) {
    let rounds = 0;
    let errors = 0;
    const end = Date.now() + seconds * 1000;
    await Promise.all(
      cookies.map(async (cookie) => {
        while (Date.now() < end) {
          const response = await fetch(`${base}/api/games.play?v=1&locale=en`, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
            body: new URLSearchParams({ sysname, mode: 'real', bet: '1', params: JSON.stringify(params) }),
          });
          const body = (await response.json()) as { error: unknown };
          if (body.error) errors++;
          else rounds++;
        }
      }),
    );
    lines.push(
      `http games.play ${sysname.padEnd(24)} ${(rounds / seconds).toFixed(1).padStart(9)} rounds/s (${clients} clients, ${errors} errors)`,
    );
  }
  await app.close();
  if (adminUrl) await admin(`drop database if exists ${scratch} with (force)`);
  return lines;
};

for (const line of engineBench()) console.log(line);
for (const line of await httpBench()) console.log(line);
console.log(`database: ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite (in memory)'}`);
