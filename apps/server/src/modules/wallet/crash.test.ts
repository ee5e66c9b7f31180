/**
 * Crash: the real server (`node apps/server/src/main.ts`) on a fresh PostgreSQL database takes a load of
 * wallet bets and wins, is killed with SIGKILL mid-load, and the ledger must be consistent: every movement
 * whole or absent. Then a restarted server receives every request again: each is answered (first answers for
 * the committed ones) and the balance matches the recorded wallet transactions. PostgreSQL only.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { memoryBus } from '../../platform/bus.ts';
import { openDatabase, type TDatabase } from '../../platform/db/database.ts';
import { migrate } from '../../platform/db/migrate.ts';
import { defaultProviders } from '../../platform/providers.ts';
import { HOUSE } from '../ledger/accounts.ts';
import { auditLedger } from '../ledger/audit.ts';
import { getBalances } from '../ledger/balances.ts';
import { postTransaction } from '../ledger/post-transaction.ts';
import { queryRows } from '../ledger/sql.ts';
import { createPlayer } from '../players/service.ts';
import { SIGNATURE_HEADER, signBody } from './routes.ts';
import { walletService } from './wallet-service.ts';

const adminUrl = process.env.DATABASE_URL;
const ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));
const SECRET = 'crash-test-wallet-secret-0123456789';
const ROUNDS = 300;

const withDatabase = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

const startServer = async (databaseUrl: string, port: number) => {
  const { REDIS_URL: _redis, ...inherited } = process.env;
  const child = spawn(process.execPath, ['apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...inherited,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      SERVE_WEB: '0',
      LOG_LEVEL: 'silent',
      NODE_ENV: 'test',
      WALLET_HMAC_SECRET: SECRET,
    },
    stdio: 'ignore',
  });
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return child;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error('server did not start');
};

let database: TDatabase | undefined;
let databaseName: string | undefined;
const children: ChildProcess[] = [];
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  await database?.close();
  if (adminUrl && databaseName) {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${databaseName} with (force)`);
    await admin.end();
  }
});

describe('crash consistency', () => {
  it.skipIf(!adminUrl)(
    'a server killed mid-load leaves a consistent ledger, and retries after restart move nothing twice (skipped without DATABASE_URL: needs PostgreSQL)',
    { timeout: 120_000 },
    async () => {
      databaseName = `crash_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`create database ${databaseName}`);
      await admin.end();
      const databaseUrl = withDatabase(adminUrl!, databaseName);
      database = await openDatabase({ databaseUrl, dataDir: 'memory://' });
      await migrate(database);
      const ctx = { db: database.db, bus: memoryBus(), providers: defaultProviders() };
      const player = await createPlayer(ctx.db, {
        login: `crash-${databaseName}`,
        email: `${databaseName}@example.com`,
      });
      await postTransaction(ctx.db, {
        idempotencyKey: 'crash-fund',
        kind: 'test.fund',
        entries: [
          { account: { playerId: player.id, kind: 'main' }, amount: 1_000_000n },
          { account: HOUSE.payments, amount: -1_000_000n },
        ],
      });
      const { token: session } = await walletService.openSession(ctx, {
        playerId: player.id,
        game: 'crash',
        mode: 'real',
      });

      const requests: { path: string; body: string }[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        requests.push({
          path: 'bet',
          body: JSON.stringify({ session, transaction_id: `cb${i}`, round_id: `cr${i}`, amount: '1.25' }),
        });
        requests.push({
          path: 'win',
          body: JSON.stringify({
            session,
            transaction_id: `cw${i}`,
            round_id: `cr${i}`,
            amount: i % 3 === 0 ? '2.50' : '0',
          }),
        });
      }
      const send = (port: number, r: { path: string; body: string }) =>
        fetch(`http://127.0.0.1:${port}/wallet/v1/${r.path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signBody(SECRET, r.body) },
          body: r.body,
        });

      const port = 20_000 + Math.floor(Math.random() * 20_000);
      const server = await startServer(databaseUrl, port);
      children.push(server);
      let answered = 0;
      const clients = 16;
      const load = Array.from({ length: clients }, async (_, c) => {
        // Each client plays its own rounds in order: bet, then win.
        for (let i = c; i < ROUNDS; i += clients) {
          for (const r of [requests[2 * i]!, requests[2 * i + 1]!]) {
            try {
              const response = await send(port, r);
              if (response.ok) answered++;
            } catch {
              return; // the server is gone
            }
          }
        }
      });
      while (answered < 150) await new Promise((r) => setTimeout(r, 5));
      server.kill('SIGKILL');
      await Promise.all(load);
      expect(answered).toBeLessThan(requests.length);

      // A killed server's last statements may still commit on PostgreSQL after it is gone (the database had
      // received them whole), so every figure is read in one snapshot.
      const consistent = () =>
        ctx.db.transaction(
          async (tx) => {
            expect(await auditLedger(tx)).toEqual([]);
            const orphans = await queryRows(
              tx,
              sql`select l.id from ledger_transactions l where l.kind like 'game.%'
              and not exists (select 1 from wallet_transactions w where w.ledger_transaction_id = l.id)`,
            );
            expect(orphans).toEqual([]);
            const [sums] = await queryRows<{ bets: string; wins: string; n: number }>(
              tx,
              sql`select coalesce(sum(amount) filter (where type = 'bet'), 0)::text as bets,
                     coalesce(sum(amount) filter (where type = 'win'), 0)::text as wins, count(*)::int as n
              from wallet_transactions where player_id = ${player.id}`,
            );
            const main = (await getBalances(tx, player.id)).main;
            expect(main).toBe(1_000_000n - BigInt(sums!.bets) + BigInt(sums!.wins));
            return sums!.n;
          },
          { isolationLevel: 'repeatable read', accessMode: 'read only' },
        );
      const recordedAfterCrash = await consistent();
      expect(recordedAfterCrash).toBeGreaterThanOrEqual(150);

      const restarted = await startServer(databaseUrl, port + 1);
      children.push(restarted);
      // Retry everything, 8 rounds at a time (each round's bet before its win).
      for (let i = 0; i < ROUNDS; i += 8) {
        const statuses = await Promise.all(
          Array.from({ length: Math.min(8, ROUNDS - i) }, async (_, k) => [
            (await send(port + 1, requests[2 * (i + k)]!)).status,
            (await send(port + 1, requests[2 * (i + k) + 1]!)).status,
          ]),
        );
        expect(statuses.flat().every((s) => s === 200)).toBe(true);
      }
      expect(await consistent()).toBe(requests.length);
      const main = (await getBalances(ctx.db, player.id)).main;
      expect(main).toBe(1_000_000n - BigInt(ROUNDS) * 125n + BigInt(ROUNDS / 3) * 250n);
      restarted.kill('SIGTERM');
    },
  );
});
