/**
 * Property: random sequences of deposits, bets, wins, rollbacks, withdrawals, cancels, duplicates and
 * out-of-order calls never lose or make up money. After every step: the ledger audit is clean (every
 * transaction sums to zero, every balance equals the sum of its entries, none is negative), the main balance
 * equals a simple model's, and no idempotency key or provider transaction moved money twice.
 */
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePlayer } from '../../test/factories.ts';
import { createTestApp, type TTestApp } from '../../test/test-app.ts';
import { auditLedger } from '../ledger/audit.ts';
import { getBalances } from '../ledger/balances.ts';
import { queryRows } from '../ledger/sql.ts';
import { SANDBOX } from '../payments/sandbox-provider.ts';
import { findPlayerById } from '../players/service.ts';
import { walletService } from '../wallet/wallet-service.ts';
import { confirmContacts } from './cashier-test-helpers.ts';
import { makeDeposit } from './make-deposit.ts';
import { makeWithdrawal } from './make-withdrawal.ts';
import { cancelWithdrawal } from './review-withdrawal.ts';
import { settleDeposit } from './settle-deposit.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
  // Stakes earn no loyalty points here, so no level reward (a bonus) joins the money the model follows: with bonus
  // money active, a withdrawal asks to burn it and a stake may spend it. The points have their own property test.
  await t.app.ctx.db.execute(sql`delete from loyalty_point_rates`);
});
afterAll(() => t.close());

type TOp =
  | { type: 'deposit'; cents: number }
  | { type: 'replayDeposit'; index: number }
  | { type: 'bet'; tx: number; cents: number }
  | { type: 'win'; tx: number; cents: number }
  | { type: 'rollback'; tx: number; ref: number }
  | { type: 'withdraw'; cents: number }
  | { type: 'cancel'; index: number };

const ops: fc.Arbitrary<TOp> = fc.oneof(
  fc.record({ type: fc.constant('deposit' as const), cents: fc.integer({ min: 1_000, max: 50_000 }) }),
  fc.record({ type: fc.constant('replayDeposit' as const), index: fc.nat(5) }),
  fc.record({ type: fc.constant('bet' as const), tx: fc.nat(6), cents: fc.integer({ min: 0, max: 20_000 }) }),
  fc.record({ type: fc.constant('win' as const), tx: fc.nat(4), cents: fc.integer({ min: 0, max: 20_000 }) }),
  fc.record({ type: fc.constant('rollback' as const), tx: fc.nat(4), ref: fc.nat(6) }),
  fc.record({ type: fc.constant('withdraw' as const), cents: fc.integer({ min: 2_000, max: 30_000 }) }),
  fc.record({ type: fc.constant('cancel' as const), index: fc.nat(5) }),
);

const outcome = async (run: () => Promise<unknown>) => {
  try {
    await run();
    return 'ok';
  } catch (error) {
    const e = error as { code?: string; type?: string };
    return e.code ?? e.type ?? String(error);
  }
};

describe('money never lost or made up (property)', () => {
  it('keeps the ledger consistent and matches the model after every step', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(ops, { minLength: 1, maxLength: 25 }), async (sequence) => {
        const ctx = t.app.ctx;
        const { player: created } = await makePlayer(t.app, { isVerified: true } as never);
        await ctx.db.execute(sql`update players set is_verified = true where id = ${created.id}`);
        await confirmContacts(t.app, created.id);
        const player = (await findPlayerById(ctx.db, created.id))!;
        const { token: session } = await walletService.openSession(ctx, {
          playerId: player.id,
          game: 'prop',
          mode: 'real',
          provider: `prop${player.id}`,
        });

        let main = 0n;
        const deposits: { id: string; amount: bigint }[] = [];
        const bets = new Map<string, { amount: bigint; rolledBack: boolean }>();
        const wins = new Map<string, bigint>();
        const rollbacks = new Map<string, string>();
        const marks = new Set<string>();
        const withdrawals: { id: string; amount: bigint; pending: boolean }[] = [];

        for (const op of sequence) {
          if (op.type === 'deposit') {
            const r = await makeDeposit(ctx, player, {
              methodId: 1,
              method: 'card',
              amount: (op.cents / 100).toFixed(2),
              campaign_offer_id: -1,
            });
            const amount = BigInt(op.cents);
            await settleDeposit(ctx, {
              provider: SANDBOX,
              transactionId: r.transaction_id,
              status: 'paid',
              amount,
              currency: 'USD',
            });
            deposits.push({ id: r.transaction_id, amount });
            main += amount;
          } else if (op.type === 'replayDeposit') {
            const d = deposits[op.index];
            if (d)
              await settleDeposit(ctx, {
                provider: SANDBOX,
                transactionId: d.id,
                status: 'paid',
                amount: d.amount,
                currency: 'USD',
              });
          } else if (op.type === 'bet') {
            const id = `b${op.tx}`;
            const amount = BigInt(op.cents);
            const got = await outcome(() =>
              walletService.bet(ctx, { session, transactionId: id, roundId: `r${op.tx}`, amount }),
            );
            const known = bets.get(id);
            const expected = known
              ? known.amount === amount
                ? 'ok'
                : 'TRANSACTION_MISMATCH'
              : marks.has(id)
                ? 'TRANSACTION_ROLLED_BACK'
                : amount > main
                  ? 'INSUFFICIENT_FUNDS'
                  : 'ok';
            expect(got, `bet ${id}`).toBe(expected);
            if (!known && expected === 'ok') {
              bets.set(id, { amount, rolledBack: false });
              main -= amount;
            }
          } else if (op.type === 'win') {
            const id = `w${op.tx}`;
            const amount = BigInt(op.cents);
            const got = await outcome(() =>
              walletService.win(ctx, {
                session,
                transactionId: id,
                roundId: `wr${op.tx}`,
                amount,
                roundClosed: false,
              }),
            );
            const known = wins.get(id);
            expect(got, `win ${id}`).toBe(
              known === undefined || known === amount ? 'ok' : 'TRANSACTION_MISMATCH',
            );
            if (known === undefined) {
              wins.set(id, amount);
              main += amount;
            }
          } else if (op.type === 'rollback') {
            const id = `rb${op.tx}`;
            const ref = `b${op.ref}`;
            const got = await outcome(() =>
              walletService.rollback(ctx, { session, transactionId: id, referenceTransactionId: ref }),
            );
            const known = rollbacks.get(id);
            if (known !== undefined) {
              expect(got, `rollback ${id}`).toBe(known === ref ? 'ok' : 'TRANSACTION_MISMATCH');
              continue;
            }
            expect(got, `rollback ${id}`).toBe('ok');
            rollbacks.set(id, ref);
            const bet = bets.get(ref);
            if (!bet) marks.add(ref);
            else if (!bet.rolledBack) {
              bet.rolledBack = true;
              main += bet.amount;
            }
          } else if (op.type === 'withdraw') {
            const amount = BigInt(op.cents);
            let id = '';
            const got = await outcome(async () => {
              id = (
                await makeWithdrawal(ctx, player, {
                  methodId: 1,
                  method: 'card',
                  amount: (op.cents / 100).toFixed(2),
                  requisites: { card_holder: 'Jane Doe', card_number: '4242424242424242' },
                })
              ).transaction_id;
            });
            expect(got, 'withdraw').toBe(amount > main ? 'WithdrawalDeclinedException' : 'ok');
            if (got === 'ok') {
              withdrawals.push({ id, amount, pending: true });
              main -= amount;
            }
          } else {
            const w = withdrawals[op.index];
            if (!w) continue;
            expect((await cancelWithdrawal(ctx, player.id, w.id)).status).toBe('cancelled');
            if (w.pending) {
              w.pending = false;
              main += w.amount;
            }
          }

          expect(await auditLedger(ctx.db)).toEqual([]);
          expect((await getBalances(ctx.db, player.id)).main).toBe(main);
          const twice = await queryRows(
            ctx.db,
            sql`select reference from ledger_transactions where reference is not null
                group by reference, kind having count(*) > 1`,
          );
          expect(twice).toEqual([]);
        }
      }),
      { numRuns: 15, ...(process.env.FC_SEED ? { seed: Number(process.env.FC_SEED) } : {}) },
    );
  });
});
