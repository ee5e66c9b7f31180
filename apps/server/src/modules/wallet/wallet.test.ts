import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../test/test-app.ts';
import { auditLedger } from '../ledger/audit.ts';
import { getBalances } from '../ledger/balances.ts';
import { queryRows } from '../ledger/sql.ts';
import { SIGNATURE_HEADER, signBody } from './routes.ts';
import { SESSION_TTL_MS } from './sessions.ts';
import { walletService } from './wallet-service.ts';
import { fundedSession } from './wallet-test-helpers.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const call = async (path: string, body: unknown, signature?: string) => {
  const raw = JSON.stringify(body);
  const response = await t.app.inject({
    method: 'POST',
    url: `/wallet/v1/${path}`,
    headers: {
      'content-type': 'application/json',
      [SIGNATURE_HEADER]: signature ?? signBody(t.app.ctx.config.WALLET_HMAC_SECRET, raw),
    },
    payload: raw,
  });
  return { status: response.statusCode, body: response.json() };
};

const fundedPlayer = (cents: bigint, mode: 'real' | 'demo' = 'real') => fundedSession(t.app, cents, { mode });

const round = async (provider: string, roundId: string) =>
  (
    await queryRows<{ status: string; bet_total: string; win_total: string }>(
      t.app.ctx.db,
      sql`select status, bet_total::text, win_total::text from game_rounds where provider = ${provider} and round_id = ${roundId}`,
    )
  )[0];

describe('wallet API signatures', () => {
  it('refuses a missing, wrong or foreign signature and a tampered body', async () => {
    const { session } = await fundedPlayer(1000n);
    expect((await call('balance', { session }, '')).status).toBe(401);
    expect((await call('balance', { session }, 'ab'.repeat(32))).body.error.code).toBe('INVALID_SIGNATURE');
    const raw = JSON.stringify({ session });
    const tampered = await t.app.inject({
      method: 'POST',
      url: '/wallet/v1/balance',
      headers: {
        'content-type': 'application/json',
        [SIGNATURE_HEADER]: signBody(t.app.ctx.config.WALLET_HMAC_SECRET, raw),
      },
      payload: JSON.stringify({ session, extra: 1 }),
    });
    expect(tampered.statusCode).toBe(401);
    expect((await call('balance', { session })).body).toEqual({ balance: 10, currency: 'USD', mode: 'real' });
  });
});

describe('wallet bet, win, rollback', () => {
  it('moves money for a bet and a win, records the round and answers repeats without moving', async () => {
    const { player, session } = await fundedPlayer(10_000n);
    const bet = await call('bet', { session, transaction_id: 'b1', round_id: 'r1', amount: '25.50' });
    expect(bet).toEqual({
      status: 200,
      body: { transaction_id: 'b1', balance: 74.5, currency: 'USD', mode: 'real' },
    });
    expect(
      (await call('bet', { session, transaction_id: 'b1', round_id: 'r1', amount: '25.50' })).body,
    ).toEqual({
      ...bet.body,
      replayed: true,
    });
    expect(
      (await call('bet', { session, transaction_id: 'b1', round_id: 'r1', amount: '30' })).body.error.code,
    ).toBe('TRANSACTION_MISMATCH');
    expect(await round('acme', 'r1')).toEqual({ status: 'open', bet_total: '2550', win_total: '0' });
    const win = await call('win', { session, transaction_id: 'w1', round_id: 'r1', amount: 100 });
    expect(win.body.balance).toBe(174.5);
    await call('win', { session, transaction_id: 'w1', round_id: 'r1', amount: 100 });
    expect((await getBalances(t.app.ctx.db, player.id)).main).toBe(17_450n);
    expect(await round('acme', 'r1')).toEqual({ status: 'closed', bet_total: '2550', win_total: '10000' });
    expect(
      (await call('bet', { session, transaction_id: 'b2', round_id: 'r1', amount: 1 })).body.error.code,
    ).toBe('ROUND_CLOSED');
    expect(await auditLedger(t.app.ctx.db)).toEqual([]);
  });

  it('refuses a bet above the balance and a malformed amount', async () => {
    const { player, session } = await fundedPlayer(500n);
    const r = await call('bet', { session, transaction_id: 'x1', round_id: 'rx', amount: '5.01' });
    expect(r).toMatchObject({ status: 402, body: { error: { code: 'INSUFFICIENT_FUNDS' } } });
    for (const amount of ['-1', '1.001', 'abc', 0.001])
      expect((await call('bet', { session, transaction_id: 'x2', round_id: 'rx', amount })).status).toBe(400);
    expect((await getBalances(t.app.ctx.db, player.id)).main).toBe(500n);
  });

  it('rolls a bet back once, and refuses a late bet whose rollback came first', async () => {
    const { player, session } = await fundedPlayer(10_000n);
    await call('bet', { session, transaction_id: 'rb1', round_id: 'rr1', amount: 40 });
    const rb = await call('rollback', {
      session,
      transaction_id: 'rbk1',
      reference_transaction_id: 'rb1',
      round_id: 'rr1',
    });
    expect(rb.body.balance).toBe(100);
    expect(
      (await call('rollback', { session, transaction_id: 'rbk2', reference_transaction_id: 'rb1' })).body
        .balance,
    ).toBe(100);
    expect(await round('acme', 'rr1')).toMatchObject({ status: 'rolled_back', bet_total: '0' });

    const early = await call('rollback', {
      session,
      transaction_id: 'rbk3',
      reference_transaction_id: 'late1',
    });
    expect(early.status).toBe(200);
    const late = await call('bet', { session, transaction_id: 'late1', round_id: 'rr2', amount: 10 });
    expect(late).toMatchObject({ status: 409, body: { error: { code: 'TRANSACTION_ROLLED_BACK' } } });
    expect((await getBalances(t.app.ctx.db, player.id)).main).toBe(10_000n);
    expect(await auditLedger(t.app.ctx.db)).toEqual([]);
  });

  it('refuses bets after the session expired but still accepts wins and rollbacks', async () => {
    const { player, session } = await fundedPlayer(10_000n);
    await call('bet', { session, transaction_id: 'e1', round_id: 're1', amount: 10 });
    await call('bet', { session, transaction_id: 'e2', round_id: 're2', amount: 10 });
    t.clock.advance(SESSION_TTL_MS + 1000);
    expect(
      (await call('bet', { session, transaction_id: 'e3', round_id: 're3', amount: 10 })).body.error.code,
    ).toBe('SESSION_EXPIRED');
    expect((await call('win', { session, transaction_id: 'e4', round_id: 're1', amount: 30 })).status).toBe(
      200,
    );
    expect(
      (await call('rollback', { session, transaction_id: 'e5', reference_transaction_id: 'e2' })).status,
    ).toBe(200);
    expect((await getBalances(t.app.ctx.db, player.id)).main).toBe(10_000n - 1000n + 3000n);
  });

  it('plays demo games from the fun balance, funded once on first demo use', async () => {
    const { player, session } = await fundedPlayer(0n, 'demo');
    await walletService.openSession(t.app.ctx, { playerId: player.id, game: 'g', mode: 'demo' });
    const before = await getBalances(t.app.ctx.db, player.id);
    expect(before).toEqual({ main: 0n, bonus: 0n, betting_bonus: 0n, fun: 100_000n });
    const r = await call('bet', { session, transaction_id: 'd1', round_id: 'dr1', amount: 5 });
    expect(r.body).toEqual({ transaction_id: 'd1', balance: 995, currency: 'USD', mode: 'demo' });
    expect((await getBalances(t.app.ctx.db, player.id)).main).toBe(0n);
  });

  it('the in-process service shares ids with HTTP: a repeat through either moves nothing', async () => {
    const { player, session } = await fundedPlayer(1_000n);
    await walletService.bet(t.app.ctx, { session, transactionId: 's1', roundId: 'sr1', amount: 300n });
    const again = await call('bet', { session, transaction_id: 's1', round_id: 'sr1', amount: 3 });
    expect(again.body.replayed).toBe(true);
    expect((await getBalances(t.app.ctx.db, player.id)).main).toBe(700n);
  });

  it('refuses an id with a NUL character as BAD_REQUEST, moving nothing', async () => {
    const { player, session } = await fundedPlayer(1_000n);
    const r = await call('bet', { session, transaction_id: 'n\u00001', round_id: 'nr1', amount: 1 });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('BAD_REQUEST');
    expect((await getBalances(t.app.ctx.db, player.id)).main).toBe(1_000n);
  });

  it('answers SESSION_NOT_FOUND for an unknown session and BAD_REQUEST for a body without ids', async () => {
    expect((await call('balance', { session: 'nope' })).status).toBe(404);
    const { session } = await fundedPlayer(100n);
    expect((await call('bet', { session, amount: 1 })).status).toBe(400);
  });
});
