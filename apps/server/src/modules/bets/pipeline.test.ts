import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../test/test-app.ts';
import { depositedClient } from '../cashier/cashier-test-helpers.ts';
import { fundedClient } from '../games/play/test-helpers.ts';
import { auditLedger } from '../ledger/audit.ts';
import { getBalances } from '../ledger/balances.ts';
import { queryRows } from '../ledger/sql.ts';
import { SIGNATURE_HEADER, signBody } from '../wallet/routes.ts';
import { walletService } from '../wallet/wallet-service.ts';
import { fundedSession } from '../wallet/wallet-test-helpers.ts';
import type { TBetEvent } from './bet-event.ts';
import { BetPipeline } from './pipeline.ts';

/** A consequence as a later issue writes one: one file's statement, one registration. */
const logConsequence = {
  name: 'test_log',
  statement: `insert into test_bet_log (transaction_id, kind, player_id, mode, provider, game, game_kind, round_id,
                reference_id, amount)
              select transaction_id, kind, player_id, mode, provider, game, game_kind, round_id, reference_id, amount
                from bet_events
              returning 1`,
};

type TLogRow = {
  transaction_id: string;
  kind: string;
  player_id: unknown;
  game_kind: string;
  round_id: string;
  reference_id: string | null;
  amount: unknown;
};

let t: TTestApp;
const logged = async (playerId: number) =>
  (
    await queryRows<TLogRow>(
      t.app.ctx.db,
      sql`select * from test_bet_log where player_id = ${playerId} order by seq`,
    )
  ).map((r) => ({ ...r, amount: BigInt(String(r.amount)), player_id: Number(r.player_id) }));

beforeAll(async () => {
  t = await createTestApp();
  // transaction_id is the key: a consequence applied twice would fail the bet.
  await t.app.ctx.db.execute(sql`create table test_bet_log (
    seq bigserial, transaction_id text primary key, kind text, player_id bigint, mode text, provider text,
    game text, game_kind text, round_id text, reference_id text, amount bigint)`);
  t.app.ctx.bets.register(logConsequence);
});
afterAll(() => t.close());

describe('the bet pipeline', () => {
  it('composes every consequence into one statement over bet_events and refuses a bad or repeated name', () => {
    const pipeline = new BetPipeline();
    expect(pipeline.composed()).toBeNull();
    pipeline.register({ name: 'one', statement: 'select 1 from bet_events' });
    pipeline.register({ name: 'two', statement: 'select 2 from bet_events' });
    const text = pipeline.composed()?.text ?? '';
    expect(text).toContain('json_to_recordset($1::json)');
    expect(text).toContain('c_one as (select 1 from bet_events)');
    expect(text).toContain('(select count(*) from c_one) + (select count(*) from c_two)');
    expect(() => pipeline.register({ name: 'one', statement: 'select 1' })).toThrow(/twice/);
    expect(() => pipeline.register({ name: 'Bad-Name', statement: 'select 1' })).toThrow(/bad consequence/);
    expect(pipeline.isActiveFor('win')).toBe(true);
    const stakesOnly = new BetPipeline();
    stakesOnly.register({
      name: 'stakes',
      kinds: ['bet', 'rollback'],
      statement: 'select 1 from bet_events',
    });
    expect([stakesOnly.isActiveFor('bet'), stakesOnly.isActiveFor('win')]).toEqual([true, false]);
    // Reads every kind, but a lone win (a provider's win call) changes nothing for it: one round trip for a win.
    let winsScore = false;
    const winsWithStakes = new BetPipeline();
    winsWithStakes.register({
      name: 'with_stakes',
      readsAlone: (kind) => kind !== 'win' || winsScore,
      statement: 'select 1 from bet_events',
    });
    expect(['bet', 'win', 'rollback'].map((k) => winsWithStakes.isActiveFor(k as 'bet'))).toEqual([
      true,
      false,
      true,
    ]);
    winsScore = true;
    expect(winsWithStakes.isActiveFor('win')).toBe(true);
    winsWithStakes.only = new Set(['another']);
    expect(winsWithStakes.isActiveFor('bet')).toBe(false);
    pipeline.enabled = false;
    expect(pipeline.composed()).toBeNull();
    expect(pipeline.isActiveFor('bet')).toBe(false);
  });

  it('leaves out of the statement a consequence that no event of the batch applies to; none left: no statement', async () => {
    const event = (amount: bigint): TBetEvent => ({
      kind: 'bet',
      playerId: 1,
      mode: 'real',
      provider: 'inhouse',
      game: 'g',
      gameKind: 'slot',
      roundId: 'r',
      transactionId: `t${amount}`,
      referenceId: null,
      amount,
      at: new Date(0),
    });
    const pipeline = new BetPipeline();
    pipeline.register({ name: 'every', statement: 'select 1 from bet_events' });
    pipeline.register({
      name: 'big',
      statement: 'select 2 from bet_events',
      appliesTo: (e) => e.amount >= 100n,
    });
    const prepared: string[] = [];
    const client = { query: async (text: string) => prepared.push(text) };
    const literal = (value: string) => `'${value}'`;
    const small = await pipeline.executeText(client, [event(50n)], literal);
    const big = await pipeline.executeText(client, [event(50n), event(500n)], literal);
    expect(prepared).toHaveLength(2);
    expect(prepared[0]).toContain('c_every as');
    expect(prepared[0]).not.toContain('c_big');
    expect(prepared[1]).toContain('c_big as');
    expect(small).not.toBe(big);
    // Each set is prepared once per connection, and the events all reach the statement that runs.
    expect(await pipeline.executeText(client, [event(50n)], literal)).toBe(small);
    expect(prepared).toHaveLength(2);
    expect(big).toContain('"transaction_id":"t50"');
    const never = new BetPipeline();
    never.register({ name: 'never', statement: 'select 1 from bet_events', appliesTo: () => false });
    expect(await never.executeText(client, [event(500n)], literal)).toBeNull();
    // A batch of wins alone (a settlement's payouts) leaves out what reads no win alone; a stake brings it back.
    const withStakes = new BetPipeline();
    withStakes.register({
      name: 'with_stakes',
      readsAlone: (kind) => kind !== 'win',
      statement: 'select 1 from bet_events',
    });
    const win = (amount: bigint): TBetEvent => ({
      ...event(amount),
      kind: 'win',
      transactionId: `w${amount}`,
    });
    expect(await withStakes.executeText(client, [win(10n), win(20n)], literal)).toBeNull();
    expect(await withStakes.executeText(client, [event(5n), win(50n)], literal)).toContain('"kind":"win"');
  });

  it('applies a games.play round (stake and win) to every consequence in the round transaction, once', async () => {
    const { client, player } = await fundedClient(t.app, 10_000n);
    const r = await client.post('games.play', {
      sysname: 'sparkrush_dice_duel',
      mode: 'real',
      bet: '1.00',
      params: JSON.stringify({ target: 5000, over: true }),
    });
    expect(r.error).toBeNull();
    const rows = await logged(player.id);
    expect(rows.map((row) => [row.kind, row.transaction_id, row.amount, row.game_kind])).toEqual([
      ['bet', `${r.data.round_id}:bet:0`, 100n, 'fast'],
      ['win', `${r.data.round_id}:win`, BigInt(Math.round(r.data.win * 100)), 'fast'],
    ]);
    expect(rows.every((row) => row.round_id === r.data.round_id)).toBe(true);
  });

  it('applies each step of a multi-step round once: the opening stake, then the cash-out', async () => {
    const { client, player } = await fundedClient(t.app, 10_000n);
    const opened = await client.post('games.play', {
      sysname: 'sparkrush_minefield',
      mode: 'real',
      bet: '1.00',
      params: JSON.stringify({ mines: 3 }),
    });
    expect(opened.data.status).toBe('open');
    expect((await logged(player.id)).map((row) => row.kind)).toEqual(['bet']);
    const reveal = await client.post('games.play', {
      sysname: 'sparkrush_minefield',
      mode: 'real',
      round_id: opened.data.round_id,
      params: JSON.stringify({ type: 'reveal', tile: 0 }),
    });
    expect(reveal.error).toBeNull();
    if (reveal.data.status === 'open')
      await client.post('games.play', {
        sysname: 'sparkrush_minefield',
        mode: 'real',
        round_id: opened.data.round_id,
        params: JSON.stringify({ type: 'cashout' }),
      });
    const kinds = (await logged(player.id)).map((row) => row.kind);
    expect(kinds).toEqual(['bet', 'win']);
  });

  it('takes a shared table bet and records it in one transaction: the stake event names the recorded round', async () => {
    const { client, player } = await fundedClient(t.app, 10_000n);
    const r = await client.post('games.play', {
      sysname: 'lanternlight_grand_live_roulette',
      mode: 'real',
      params: JSON.stringify({ bets: [{ type: 'red', amount: '1.00' }] }),
    });
    expect(r.error).toBeNull();
    const rows = await logged(player.id);
    expect(rows.map((row) => [row.kind, row.transaction_id, row.amount])).toEqual([
      ['bet', `${r.data.round_id}:bet:0`, 100n],
    ]);
    const [round] = await queryRows<{ status: string }>(
      t.app.ctx.db,
      sql`select status from play_rounds where id = ${r.data.round_id}`,
    );
    expect(round?.status).toBe('open');
  });

  it('hands a third party provider call over once: a repeated id applies nothing, a rollback is its own event', async () => {
    const { player, session: token } = await fundedSession(t.app, 5_000n, { game: 'acme_space_slot' });
    const call = (path: string, body: unknown) => {
      const raw = JSON.stringify(body);
      return t.app.inject({
        method: 'POST',
        url: `/wallet/v1/${path}`,
        headers: {
          'content-type': 'application/json',
          [SIGNATURE_HEADER]: signBody(t.app.ctx.config.WALLET_HMAC_SECRET, raw),
        },
        payload: raw,
      });
    };
    const bet = { session: token, transaction_id: 'tp-1', round_id: 'tp-r1', amount: 2.5 };
    expect((await call('bet', bet)).statusCode).toBe(200);
    expect((await call('bet', bet)).json().replayed).toBe(true);
    await call('rollback', { session: token, transaction_id: 'tp-rb1', reference_transaction_id: 'tp-1' });
    await call('rollback', { session: token, transaction_id: 'tp-rb1', reference_transaction_id: 'tp-1' });
    await call('win', { session: token, transaction_id: 'tp-w1', round_id: 'tp-r2', amount: 0 });
    const rows = await logged(player.id);
    expect(
      rows.map((row) => [row.kind, row.transaction_id, row.amount, row.reference_id, row.round_id]),
    ).toEqual([
      ['bet', 'tp-1', 250n, null, 'tp-r1'],
      ['rollback', 'tp-rb1', 250n, 'tp-1', 'tp-r1'],
      ['win', 'tp-w1', 0n, null, 'tp-r2'],
    ]);
    // A game the catalogue does not list is 'unknown' to the consequences.
    expect(new Set(rows.map((row) => row.game_kind))).toEqual(new Set(['unknown']));
    expect((await getBalances(t.app.ctx.db, player.id)).main).toBe(5_000n);
  });

  it('counts real stakes towards the active bonus by game kind and takes a rolled-back share back', async () => {
    const { client, player } = await depositedClient(t.app, '100', 1);
    const bonus = async () =>
      BigInt(
        String(
          (
            await queryRows<{ wagered: unknown }>(
              t.app.ctx.db,
              sql`select wagered from player_bonuses where player_id = ${player.id} and status = 'active'`,
            )
          )[0]?.wagered,
        ),
      );
    expect(await bonus()).toBe(0n);
    await client.post('games.play', {
      sysname: 'copperfox_cherry_flare',
      mode: 'real',
      bet: '2.00',
      params: '{}',
    });
    expect(await bonus()).toBe(200n);
    await client.post('games.play', {
      sysname: 'sparkrush_dice_duel',
      mode: 'real',
      bet: '3.00',
      params: JSON.stringify({ target: 5000, over: true }),
    });
    expect(await bonus()).toBe(230n);
    // Demo play counts for nothing.
    await client.post('games.play', {
      sysname: 'copperfox_cherry_flare',
      mode: 'demo',
      bet: '5.00',
      params: '{}',
    });
    expect(await bonus()).toBe(230n);
    const { token } = await walletService.openSession(t.app.ctx, {
      playerId: player.id,
      game: 'copperfox_cherry_flare',
      mode: 'real',
    });
    await walletService.bet(t.app.ctx, {
      session: token,
      transactionId: 'w-b1',
      roundId: 'w-r1',
      amount: 400n,
    });
    expect(await bonus()).toBe(630n);
    await walletService.rollback(t.app.ctx, {
      session: token,
      transactionId: 'w-rb1',
      referenceTransactionId: 'w-b1',
    });
    expect(await bonus()).toBe(230n);
  });

  it('switched off, applies nothing, and the money still moves', async () => {
    const { client, player } = await fundedClient(t.app, 10_000n);
    t.app.ctx.bets.enabled = false;
    try {
      const r = await client.post('games.play', {
        sysname: 'copperfox_cherry_flare',
        mode: 'real',
        bet: '1.00',
        params: '{}',
      });
      expect(r.error).toBeNull();
      expect(await logged(player.id)).toEqual([]);
    } finally {
      t.app.ctx.bets.enabled = true;
    }
  });

  it('keeps the ledger whole', async () => {
    expect(await auditLedger(t.app.ctx.db)).toEqual([]);
  });
});

describe('a consequence that fails', () => {
  let f: TTestApp;
  beforeAll(async () => {
    f = await createTestApp();
    await f.app.ctx.db.execute(sql`create table test_refusing (amount bigint check (amount < 0))`);
    f.app.ctx.bets.register({
      name: 'refusing',
      statement: `insert into test_refusing select amount from bet_events where kind = 'bet' returning 1`,
    });
  });
  afterAll(() => f.close());

  it('undoes the whole bet: no stake, no nonce, no round, no wallet record', async () => {
    const { client, player } = await fundedClient(f.app, 10_000n);
    const fairness = async () => (await client.get('games.getFairness', {})).data.nonce;
    const nonce = await fairness();
    const r = await client.post('games.play', {
      sysname: 'copperfox_cherry_flare',
      mode: 'real',
      bet: '1.00',
      params: '{}',
    });
    expect(r.error?.type).toBe('InternalServerErrorException');
    expect((await getBalances(f.app.ctx.db, player.id)).main).toBe(10_000n);
    expect(await fairness()).toBe(nonce);
    const count = async (table: string) =>
      Number(
        (
          await queryRows<{ n: unknown }>(
            f.app.ctx.db,
            sql`select count(*)::int as n from ${sql.raw(table)} where player_id = ${player.id}`,
          )
        )[0]?.n,
      );
    expect(await count('play_rounds')).toBe(0);
    expect(await count('wallet_transactions')).toBe(0);
    expect(await auditLedger(f.app.ctx.db)).toEqual([]);
  });
});
