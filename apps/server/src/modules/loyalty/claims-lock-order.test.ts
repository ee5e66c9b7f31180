/**
 * Lock order: a bet takes the player's ledger lock, then moves their points (loyalty_accounts, by the points
 * consequence). Paying a loyalty reward or buying in the shop while such a bet is in flight must wait for the ledger
 * lock before it touches the points account: a points reward followed by a bonus, or a purchase paid in cash, took
 * the points row first and then the ledger lock, and the two transactions deadlocked (PostgreSQL aborted one; a bet
 * answered InternalServerErrorException under bench:games). Needs two connections at once, so it runs on PostgreSQL
 * only (PGlite has one connection): CI sets DATABASE_URL.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TExecutor } from '../../platform/db/database.ts';
import { signedInClient } from '../../test/factories.ts';
import { createTestApp, type TTestApp } from '../../test/test-app.ts';
import { auditLedger } from '../ledger/audit.ts';
import { getBalances } from '../ledger/balances.ts';
import { lockPlayerAccounts } from '../ledger/post-transaction.ts';
import { queryRows, toBigInt } from '../ledger/sql.ts';
import { settleClaims } from './claims.ts';
import { pointsAccount, writePointsEntry } from './points.ts';
import { buyProduct } from './shop.ts';

const onPostgres = Boolean(process.env.DATABASE_URL);

let t: TTestApp;
beforeAll(async () => {
  if (onPostgres) t = await createTestApp({ seed: 'claims-lock-order' });
}, 120_000);
afterAll(async () => {
  if (!t) return;
  expect(await auditLedger(t.app.ctx.db)).toEqual([]);
  await t.close();
});

const points = (playerId: number, delta: bigint, reference: string) => ({
  playerId,
  kind: 'adjustment' as const,
  delta,
  lifetimeDelta: delta > 0n ? delta : 0n,
  reference,
  at: t.clock.now(),
});

/** Until some connection of this test's database waits on a lock (the second transaction has reached its wait). */
const untilOneWaits = async (db: TExecutor) => {
  for (let i = 0; i < 500; i++) {
    const [row] = await queryRows<{ n: unknown }>(
      db,
      sql`select count(*) as n from pg_stat_activity
           where datname = current_database() and wait_event_type = 'Lock'`,
    );
    if (Number(row?.n) > 0) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('no transaction waited on a lock');
};

/**
 * A bet in flight: the player's ledger lock, then (once `other` waits) a move of their points, as the bet's points
 * consequence makes it; answers 'ok' or the error's message.
 */
const betAgainst = async (playerId: number, other: () => Promise<unknown>) => {
  const db = t.app.ctx.db;
  let locked!: () => void;
  const lockTaken = new Promise<void>((resolve) => {
    locked = resolve;
  });
  let go!: () => void;
  const released = new Promise<void>((resolve) => {
    go = resolve;
  });
  const bet = db
    .transaction(async (tx) => {
      await lockPlayerAccounts(tx, [playerId]);
      locked();
      await released;
      await writePointsEntry(tx, points(playerId, 100n, `bet-points-${playerId}`));
    })
    .then(
      () => 'ok',
      (error: Error) => error.message,
    );
  await lockTaken;
  const second = other().then(
    (value) => value,
    (error: Error) => `failed: ${error.message}`,
  );
  await untilOneWaits(db);
  go();
  return { bet: await bet, second: await second };
};

describe('loyalty rewards and purchases against a bet in flight', () => {
  it.skipIf(!onPostgres)(
    'a points reward, then a bonus reward: both paid after the bet, no deadlock (skipped without DATABASE_URL)',
    async () => {
      const db = t.app.ctx.db;
      const levels = await queryRows<{ id: number; sysname: string; min_points: unknown }>(
        db,
        sql`select id, sysname, min_points from loyalty_levels where sysname in ('silver', 'gold')`,
      );
      const silver = levels.find((l) => l.sysname === 'silver');
      const gold = levels.find((l) => l.sysname === 'gold');
      if (!silver || !gold) throw new Error('the demo ladder has silver and gold');
      // Silver pays points enough for gold (the points row is locked), gold pays a bonus (the ledger lock after it).
      await db.execute(
        sql`update loyalty_levels set reward = ${JSON.stringify({
          type: 'points',
          amount: Number(gold.min_points),
        })}::jsonb where id = ${silver.id}`,
      );
      const { player } = await signedInClient(t.app);
      await writePointsEntry(db, points(player.id, toBigInt(silver.min_points), 'reach-silver'));

      const { bet, second } = await betAgainst(player.id, () => settleClaims(t.app.ctx, player.id));
      expect(bet).toBe('ok');
      expect(second).toBe(2);
      const claimed = await queryRows<{ ref_id: number }>(
        db,
        sql`select ref_id from loyalty_claims where player_id = ${player.id} and kind = 'level' order by ref_id`,
      );
      expect(claimed.map((c) => c.ref_id).sort()).toEqual([silver.id, gold.id].sort());
      expect((await getBalances(db, player.id)).bonus).toBe(2000n);
      expect((await pointsAccount(db, player.id)).balance).toBe(
        toBigInt(silver.min_points) + toBigInt(gold.min_points) + 100n,
      );
    },
  );

  it.skipIf(!onPostgres)(
    'a product paid in cash: bought after the bet, no deadlock (skipped without DATABASE_URL)',
    async () => {
      const db = t.app.ctx.db;
      const [product] = await queryRows<{ id: number; price: unknown }>(
        db,
        sql`select id, price from loyalty_products where type = 'cash' and is_active limit 1`,
      );
      if (!product) throw new Error('the demo shop sells cash');
      const { player } = await signedInClient(t.app);
      await writePointsEntry(db, points(player.id, toBigInt(product.price), 'shop-funds'));

      const { bet, second } = await betAgainst(player.id, () =>
        buyProduct(t.app.ctx, player, product.id, 'en'),
      );
      expect(bet).toBe('ok');
      expect(second).toMatchObject({ product: { id: product.id } });
      expect((await getBalances(db, player.id)).main).toBe(2500n);
      expect((await pointsAccount(db, player.id)).balance).toBe(100n);
    },
  );
});
