/**
 * Race: one player signed in on two server instances (one PostgreSQL, one Redis) fires 64 games.play rounds at
 * once, half at each instance, with money for 20 stakes. Every request is a round or a refusal for want of
 * money; the ledger stays whole; the balance is the funding less the recorded rounds' stakes plus their wins, to the
 * cent; each recorded round has exactly one stake and one win in the wallet; the seed pair's nonces are 0…n−1; a
 * consequence registered on both instances saw every movement once. Needs real concurrency, so it runs on
 * PostgreSQL only (PGlite has one connection): CI sets DATABASE_URL (and REDIS_URL for the shared bus).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiClient, createTestApp, type TTestApp } from '../../test/test-app.ts';
import { betLogDifferences, installBetLog, wageredOf, wageringShare } from '../bets/bets-test-helpers.ts';
import { cents } from '../games/play/test-helpers.ts';
import { auditLedger } from '../ledger/audit.ts';
import { BALANCE_UPDATED, getBalances } from '../ledger/balances.ts';
import { queryRows } from '../ledger/sql.ts';
import { loyaltyRewardsInPointsOnly } from '../loyalty/test-helpers.ts';
import { depositedClient } from './cashier-test-helpers.ts';

const onPostgres = Boolean(process.env.DATABASE_URL);
const ATTEMPTS = 64;
/**
 * Funds for 20 stakes of 1.00 (a first deposit, with the welcome bonus so that wagering runs): 20.00 of real money
 * and a 20.00 bonus (100 %), spent after the real money (modules/bonuses), so 40 stakes in all.
 */
const FUNDS = 2_000n;
const BONUS = 2_000n;
const WELCOME_OFFER = 1;
const MARKER = 'test.play-race-marker';
/**
 * Dice over 99.90 wins 10 rolls in 10 001 (the least chance it takes); the slot pays often and little (RTP 97.75 %): the money runs out
 * and some requests are refused, short of a very lucky roll (then every round is played; the checks still hold).
 */
const ROUNDS = [
  { sysname: 'sparkrush_dice_duel', kind: 'fast', params: { target: 9990, over: true } },
  { sysname: 'copperfox_cherry_flare', kind: 'slot', params: {} },
] as const;

let a: TTestApp;
let b: TTestApp;
beforeAll(async () => {
  if (!onPostgres) return;
  a = await createTestApp({ seed: 'play-race-a' });
  b = await createTestApp({ join: a, seed: 'play-race-b' });
  // A lucky round completes the demo's "win at 10x" quest, whose reward would move the balance (or publish one more
  // balance event) under test: no level or quest pays money here, and no quest runs.
  await loyaltyRewardsInPointsOnly(a.app.ctx.db);
  await a.app.ctx.db.execute(sql`update loyalty_quests set is_active = false`);
  for (const instance of [a, b]) await installBetLog(instance.app);
}, 60_000);
afterAll(async () => {
  await b?.close(); // before the first app drops the database
  await a?.close();
});

type TRoundRow = {
  id: string;
  sysname: string;
  status: string;
  staked: unknown;
  win: unknown;
  nonce: unknown;
  pair_id: unknown;
};

describe('games.play racing on two server instances', () => {
  it.skipIf(!onPostgres)(
    '64 concurrent rounds of one player across two instances: conservation, one stake and win each, contiguous nonces (skipped without DATABASE_URL: needs PostgreSQL)',
    async () => {
      const { client: onA, player } = await depositedClient(
        a.app,
        (Number(FUNDS) / 100).toFixed(2),
        WELCOME_OFFER,
      );
      // Sessions live in the database: the same cookie signs the player in on the other instance.
      const onB = apiClient(b.app);
      onB.jar.set('sid', onA.jar.get('sid') as string);
      expect(await getBalances(a.app.ctx.db, player.id)).toMatchObject({ main: FUNDS, bonus: BONUS });

      // With Redis both instances share one bus: one listener hears every instance's events.
      const listeners = process.env.REDIS_URL ? [a] : [a, b];
      let balanceEvents = 0;
      const markers = new Set<string>();
      const unsubscribe = listeners.map((instance) =>
        instance.app.ctx.bus.subscribe((event) => {
          if (event.topic === MARKER) markers.add(String(event.payload));
          if (event.topic === BALANCE_UPDATED && (event.payload as { uid: number }).uid === player.id)
            balanceEvents++;
        }),
      );
      // The deposit's own balance events may still be on their way through Redis: each instance's bus delivers in
      // the order it published, so once a marker sent by both instances after them is heard, they are all counted
      // and the count starts again from zero.
      await a.app.ctx.bus.publish(MARKER, 'a');
      await b.app.ctx.bus.publish(MARKER, 'b');
      await vi.waitFor(() => expect(markers.size).toBe(2), { timeout: 5_000 });
      balanceEvents = 0;

      const answers = await Promise.all(
        Array.from({ length: ATTEMPTS }, (_, i) => {
          const game = ROUNDS[Math.floor(i / 2) % 2] as (typeof ROUNDS)[number];
          return (i % 2 === 0 ? onA : onB).post('games.play', {
            sysname: game.sysname,
            mode: 'real',
            bet: '1.00',
            params: JSON.stringify(game.params),
          });
        }),
      );

      const played = answers.filter((r) => r.error === null);
      const refused = answers.filter((r) => r.error !== null);
      expect(refused.map((r) => [r.status, r.error.type])).toEqual(
        refused.map(() => [400, 'UserNeedDepositException']),
      );
      expect(played.every((r) => r.status === 200 && r.data.status === 'finished')).toBe(true);
      // A refusal means less than 1.00 was left, so at least 40 stakes were taken before it.
      expect(played.length).toBeGreaterThanOrEqual(refused.length > 0 ? 40 : ATTEMPTS);

      const db = a.app.ctx.db;
      const rounds = await queryRows<TRoundRow>(
        db,
        sql`select id, sysname, status, staked, win, nonce, pair_id from play_rounds
            where player_id = ${player.id} order by nonce`,
      );
      expect(rounds.map((r) => r.id).sort()).toEqual(played.map((r) => r.data.round_id).sort());
      const staked = rounds.reduce((sum, r) => sum + BigInt(String(r.staked)), 0n);
      const won = rounds.reduce((sum, r) => sum + BigInt(String(r.win)), 0n);
      expect(won).toBe(played.reduce((sum, r) => sum + cents(r.data.win), 0n));

      expect(await auditLedger(db)).toEqual([]);
      // The wagering requirement (10x the bonus) is far off: no conversion, the two balances hold the money.
      const after = await getBalances(db, player.id);
      expect(after.main + after.bonus).toBe(FUNDS + BONUS - staked + won);

      // Exactly one stake and one win per recorded round, and no other wallet movement of the player.
      const movements = await queryRows<{
        transaction_id: string;
        type: string;
        round_id: string;
        amount: unknown;
      }>(
        db,
        sql`select transaction_id, type, round_id, amount from wallet_transactions where player_id = ${player.id}`,
      );
      const expected = rounds.flatMap((r) => [
        ['bet', `${r.id}:bet:0`, r.id, BigInt(String(r.staked))],
        ['win', `${r.id}:win`, r.id, BigInt(String(r.win))],
      ]);
      const recorded = movements.map((m) => [m.type, m.transaction_id, m.round_id, BigInt(String(m.amount))]);
      const byId = (x: unknown[], y: unknown[]) => String(x[1]).localeCompare(String(y[1]));
      expect(recorded.sort(byId)).toEqual(expected.sort(byId));

      // One seed pair, its nonces taken once each and in order.
      expect(rounds.map((r) => Number(r.nonce))).toEqual(rounds.map((_, i) => i));
      const pairs = await queryRows<{ id: unknown; nonce: unknown }>(
        db,
        sql`select id, nonce from fair_seed_pairs where player_id = ${player.id}`,
      );
      expect(pairs.map((p) => Number(p.nonce))).toEqual([rounds.length]);
      expect(new Set(rounds.map((r) => Number(r.pair_id)))).toEqual(new Set([Number(pairs[0]?.id)]));

      // The consequence registered on both instances saw each movement once; wagering counted every stake.
      expect(await betLogDifferences(a.app, player.id)).toEqual([]);
      const kindOf = new Map<string, string>(ROUNDS.map((g) => [g.sysname, g.kind]));
      const share = rounds.reduce(
        (sum, r) => sum + wageringShare(BigInt(String(r.staked)), kindOf.get(r.sysname) ?? ''),
        0n,
      );
      expect(await wageredOf(a.app, player.id)).toBe(share);

      // One balance event per round (its stake and win commit together), whichever instance played it.
      await vi.waitFor(() => expect(balanceEvents).toBe(played.length), { timeout: 5_000 });
      for (const stop of unsubscribe) stop();
    },
    120_000,
  );
});
