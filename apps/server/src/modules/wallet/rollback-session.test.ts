/**
 * A provider may send a rollback or a win with another of the player's sessions than the bet's (a later game, the
 * real mode after demo): the money moves on the round's account (its mode and game, migrations/0216), so a demo
 * stake never comes back as real money, and wagering takes back exactly the share the bet added. A bet on a round
 * of the other mode is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../test/test-app.ts';
import { wageredOf } from '../bets/bets-test-helpers.ts';
import { depositedClient } from '../cashier/cashier-test-helpers.ts';
import { auditLedger } from '../ledger/audit.ts';
import { getBalances } from '../ledger/balances.ts';
import { walletService } from './wallet-service.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

const sessionOf = async (playerId: number, game: string, mode: 'real' | 'demo') =>
  (await walletService.openSession(t.app.ctx, { playerId, game, mode, provider: 'acme' })).token;

describe('a rollback through another session of the player', () => {
  it('returns a demo stake to the fun account, never to the main one', async () => {
    const { player } = await depositedClient(t.app, '50');
    const demo = await sessionOf(player.id, 'copperfox_cherry_flare', 'demo');
    const real = await sessionOf(player.id, 'copperfox_cherry_flare', 'real');
    const before = await getBalances(t.app.ctx.db, player.id);
    await walletService.bet(t.app.ctx, {
      session: demo,
      transactionId: 'x-b1',
      roundId: 'x-r1',
      amount: 500n,
    });
    await walletService.rollback(t.app.ctx, {
      session: real,
      transactionId: 'x-rb1',
      referenceTransactionId: 'x-b1',
    });
    const after = await getBalances(t.app.ctx.db, player.id);
    expect(await auditLedger(t.app.ctx.db)).toEqual([]);
    expect({ main: after.main, fun: after.fun }).toEqual({ main: before.main, fun: before.fun });
  });

  it('takes back the wagering share its bet added, whatever game the rollback names', async () => {
    const { player } = await depositedClient(t.app, '50', 1);
    const slot = await sessionOf(player.id, 'copperfox_cherry_flare', 'real');
    const other = await sessionOf(player.id, 'sparkrush_dice_duel', 'real');
    await walletService.bet(t.app.ctx, {
      session: slot,
      transactionId: 'y-b1',
      roundId: 'y-r1',
      amount: 1_000n,
    });
    expect(await wageredOf(t.app, player.id)).toBe(1_000n);
    await walletService.rollback(t.app.ctx, {
      session: other,
      transactionId: 'y-rb1',
      referenceTransactionId: 'y-b1',
    });
    expect(await wageredOf(t.app, player.id)).toBe(0n);
  });

  it('credits the win of a demo round to the fun account, and refuses a real bet on that round', async () => {
    const { player } = await depositedClient(t.app, '50');
    const demo = await sessionOf(player.id, 'copperfox_cherry_flare', 'demo');
    const real = await sessionOf(player.id, 'copperfox_cherry_flare', 'real');
    await walletService.bet(t.app.ctx, {
      session: demo,
      transactionId: 'z-b1',
      roundId: 'z-r1',
      amount: 500n,
    });
    const before = await getBalances(t.app.ctx.db, player.id);
    await expect(
      walletService.bet(t.app.ctx, { session: real, transactionId: 'z-b2', roundId: 'z-r1', amount: 100n }),
    ).rejects.toMatchObject({ code: 'ROUND_MISMATCH' });
    await walletService.win(t.app.ctx, {
      session: real,
      transactionId: 'z-w1',
      roundId: 'z-r1',
      amount: 900n,
    });
    const after = await getBalances(t.app.ctx.db, player.id);
    expect({ main: after.main, fun: after.fun }).toEqual({ main: before.main, fun: before.fun + 900n });
    expect(await auditLedger(t.app.ctx.db)).toEqual([]);
  });
});
