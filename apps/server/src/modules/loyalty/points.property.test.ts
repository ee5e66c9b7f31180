/**
 * Property: random sequences of a provider's real bets (a slot and an unlisted game), repeated transaction ids,
 * rollbacks (of known, unknown and already rolled-back bets) and shop purchases. After every step the points
 * balance is never negative, equals the sum of the player's points-ledger entries, and equals a simple model's:
 * slots 1 point per $1 and other kinds 0.2 (in hundredths, rounded down per bet), a rollback takes back its bet's
 * points but never more than the balance (nor lifetime), a purchase spends its price, and the wager quest's
 * points reward arrives once when $100 of slot stakes (net of rollbacks) are reached.
 */
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../test/test-app.ts';
import { depositedClient } from '../cashier/cashier-test-helpers.ts';
import { queryRows, toBigInt } from '../ledger/sql.ts';
import { walletService } from '../wallet/wallet-service.ts';
import { pointsAccount } from './points.ts';

const SEED = 20_261_125;
const RUNS = 25;
const SESSIONS = [
  { game: 'copperfox_cherry_flare', rate: 100n, slot: true },
  { game: 'acme_space_slot', rate: 20n, slot: false },
] as const;
const WAGER_QUEST = { target: 10_000n, reward: 5_000n };

let t: TTestApp;
let productId = 0;
let productPrice = 0n;
beforeAll(async () => {
  t = await createTestApp({ seed: 'loyalty-property' });
  const [row] = await queryRows<{ id: unknown; price: unknown }>(
    t.app.ctx.db,
    sql`select id, price from loyalty_products where sysname = 'bonus-1'`,
  );
  productId = Number(row?.id);
  productPrice = toBigInt(row?.price);
}, 180_000);
afterAll(() => t.close());

type TOp =
  | { type: 'bet'; tx: number; session: number; cents: number }
  | { type: 'rollback'; tx: number; ref: number }
  | { type: 'buy' };

const ops: fc.Arbitrary<TOp> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      type: fc.constant('bet' as const),
      tx: fc.nat(7),
      session: fc.nat(1),
      cents: fc.integer({ min: 0, max: 6_000 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ type: fc.constant('rollback' as const), tx: fc.nat(3), ref: fc.nat(7) }),
  },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('buy' as const) }) },
);

class Model {
  balance = 0n;
  lifetime = 0n;
  wagered = 0n;
  questPaid = false;
  bought = 0;
  readonly bets = new Map<string, { earned: bigint; slotCents: bigint; rolledBack: boolean }>();
  readonly rollbacks = new Set<string>();
  readonly sessionOf = new Map<string, number>();

  earn(points: bigint) {
    this.balance += points;
    this.lifetime += points;
  }
  questCheck() {
    if (!this.questPaid && this.wagered >= WAGER_QUEST.target) {
      this.questPaid = true;
      this.earn(WAGER_QUEST.reward);
    }
  }
}

const ok = async (run: () => Promise<unknown>) => {
  try {
    await run();
    return true;
  } catch {
    return false;
  }
};

describe('points ledger property', () => {
  it('keeps points non-negative and exactly explained by the points ledger', async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(ops, { minLength: 1, maxLength: 18 }), async (steps) => {
        const ctx = t.app.ctx;
        const { client, player } = await depositedClient(t.app, '2000.00');
        const provider = `prop${n++}`;
        const sessions: string[] = [];
        for (const s of SESSIONS)
          sessions.push(
            (
              await walletService.openSession(ctx, {
                playerId: player.id,
                game: s.game,
                mode: 'real',
                provider,
              })
            ).token,
          );
        const model = new Model();
        for (const op of steps) {
          if (op.type === 'bet') {
            const id = `b${op.tx}`;
            const s = SESSIONS[op.session]!;
            const amount = BigInt(op.cents);
            const done = await ok(() =>
              walletService.bet(ctx, {
                session: sessions[op.session]!,
                transactionId: id,
                roundId: `r${op.tx}`,
                amount,
              }),
            );
            if (done && !model.bets.has(id) && !model.rollbacks.has(`pre:${id}`)) {
              const earned = (amount * s.rate) / 100n;
              model.sessionOf.set(id, op.session);
              model.bets.set(id, { earned, slotCents: s.slot ? amount : 0n, rolledBack: false });
              model.earn(earned);
              if (s.slot && amount > 0n) model.wagered += amount;
              model.questCheck();
            }
          } else if (op.type === 'rollback') {
            const id = `rb${op.tx}`;
            const ref = `b${op.ref}`;
            // The rollback comes through the session of the game whose bet it cancels (any, for an unknown bet).
            const session = sessions[model.sessionOf.get(ref) ?? op.tx % 2]!;
            const done = await ok(() =>
              walletService.rollback(ctx, { session, transactionId: id, referenceTransactionId: ref }),
            );
            if (done && !model.rollbacks.has(id)) {
              model.rollbacks.add(id);
              const bet = model.bets.get(ref);
              if (!bet) model.rollbacks.add(`pre:${ref}`);
              else if (!bet.rolledBack) {
                bet.rolledBack = true;
                const taken = bet.earned < model.balance ? bet.earned : model.balance;
                model.balance -= taken;
                model.lifetime -= bet.earned < model.lifetime ? bet.earned : model.lifetime;
                if (bet.slotCents > 0n) {
                  model.wagered -= bet.slotCents;
                  if (model.wagered < 0n) model.wagered = 0n;
                }
              }
            }
          } else {
            const r = await client.post('loyalty.buyproduct', { id: productId });
            const expected =
              model.bought >= 5 ? 'limitReached' : model.balance < productPrice ? 'notEnoughPoints' : null;
            expect(r.error?.error_data?.invalid_parameters?.id ?? null, 'purchase').toBe(expected);
            if (!expected) {
              model.bought++;
              model.balance -= productPrice;
            }
          }
          const account = await pointsAccount(ctx.db, player.id);
          const [sum] = await queryRows<{ s: unknown; l: unknown }>(
            ctx.db,
            sql`select coalesce(sum(delta), 0) as s, coalesce(sum(lifetime_delta), 0) as l
                  from loyalty_point_entries where player_id = ${player.id}`,
          );
          expect(account.balance >= 0n, 'balance non-negative').toBe(true);
          expect([toBigInt(sum?.s), toBigInt(sum?.l)], 'ledger explains the account').toEqual([
            account.balance,
            account.lifetime,
          ]);
          expect([account.balance, account.lifetime], `model after ${JSON.stringify(op)}`).toEqual([
            model.balance,
            model.lifetime,
          ]);
        }
      }),
      { seed: SEED, numRuns: RUNS },
    );
  }, 600_000);
});
