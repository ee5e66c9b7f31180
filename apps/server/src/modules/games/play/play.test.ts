import { replay } from '@casino/games';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../platform/db/database.ts';
import { apiClient, createTestApp, type TTestApp } from '../../../test/test-app.ts';
import { loyaltyRewardsInPointsOnly } from '../../loyalty/test-helpers.ts';
import { loadRound } from './rounds.ts';
import { ROUND_TIMEOUT_MS, settleStaleRounds } from './settle-stale.ts';
import { balancesOf, cents, finishRound, fundedClient, GAME_CASES } from './test-helpers.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
  await loyaltyRewardsInPointsOnly(t.app.ctx.db);
});
afterAll(async () => {
  await t?.close();
});

const play = (client: ReturnType<typeof apiClient>, form: Record<string, unknown>) =>
  client.post('games.play', {
    ...Object.fromEntries(
      Object.entries(form).map(([k, v]) => [k, typeof v === 'object' ? JSON.stringify(v) : String(v)]),
    ),
  });

describe('games.play for every game', () => {
  for (const game of GAME_CASES) {
    it(`${game.engine} (${game.sysname}) plays real and demo through the wallet, exact to the cent`, async () => {
      const { client, player } = await fundedClient(t.app, 100_000n);
      for (const mode of ['real', 'demo'] as const) {
        const before = await balancesOf(t.app, player.id);
        const opened = await play(client, {
          sysname: game.sysname,
          mode,
          bet: game.bet,
          params: game.params,
        });
        expect(opened.error, JSON.stringify(opened.error)).toBeNull();
        const done = await finishRound(client, game.sysname, opened);
        expect(done.data.status).toBe('finished');
        const after = await balancesOf(t.app, player.id);
        const account = mode === 'real' ? 'main' : 'fun';
        const start = mode === 'demo' && before.fun === 0n ? 100_000n : before[account];
        expect(after[account]).toBe(start - cents(done.data.bet) + cents(done.data.win));
        expect(cents(done.data.balance)).toBe(after[account]);
        // the other account did not move
        const other = mode === 'real' ? 'fun' : 'main';
        expect(after[other]).toBe(before[other]);
        // recall: the record replays to the same outcome and win
        const stored = await loadRound(t.app.ctx.db, done.data.round_id);
        const [pair] = await queryRows<{ server_seed: string }>(
          t.app.ctx.db,
          sql`select server_seed from fair_seed_pairs where id = ${stored!.pairId}`,
        );
        const steps = replay({
          game: stored!.game,
          serverSeed: pair!.server_seed,
          clientSeed: stored!.clientSeed,
          nonce: stored!.nonce,
          actions: stored!.actions,
        });
        expect(steps.at(-1)!.finished).toBe(true);
        expect(steps.at(-1)!.win).toBe(stored!.win);
        expect(steps.at(-1)!.outcome).toEqual(stored!.outcome);
      }
    });
  }

  it('lets a visitor play demo on play money, and refuses real', async () => {
    const visitor = apiClient(t.app);
    const fair = await visitor.get('games.getFairness');
    expect(fair.data).toMatchObject({ nonce: 0 });
    expect(visitor.jar.get('vid')).toBeTruthy();
    const spun = await play(visitor, {
      sysname: 'sparkrush_dice_duel',
      mode: 'demo',
      bet: '2.50',
      params: { target: 5000, over: false },
    });
    expect(spun.error).toBeNull();
    expect(spun.data.nonce).toBe(0);
    expect(cents(spun.data.balance)).toBe(100_000n - 250n + cents(spun.data.win));
    expect((await visitor.get('games.getFairness')).data.nonce).toBe(1);
    const real = await play(visitor, {
      sysname: 'sparkrush_dice_duel',
      mode: 'real',
      bet: '1',
      params: { target: 5000, over: true },
    });
    expect(real.error.type).toBe('AuthorizationException');
    const round = await visitor.get('games.getRound', { round_id: spun.data.round_id });
    expect(round.data.mode).toBe('demo');
    // another visitor cannot read it
    expect((await apiClient(t.app).get('games.getRound', { round_id: spun.data.round_id })).error.type).toBe(
      'InvalidParameterException',
    );
  });

  it('answers UserNeedDepositException when the stake is more than the balance, moving nothing', async () => {
    const { client, player } = await fundedClient(t.app, 150n);
    const answer = await play(client, {
      sysname: 'sparkrush_dice_duel',
      mode: 'real',
      bet: '2.00',
      params: { target: 5000, over: true },
    });
    expect(answer.error.type).toBe('UserNeedDepositException');
    expect(answer.error.error_data).toMatchObject({ required: 2, balance: 1.5, mode: 'real' });
    expect((await balancesOf(t.app, player.id)).main).toBe(150n);
    expect((await client.get('games.getFairness')).data.nonce).toBe(0);
  });

  it('checks params: unknown game, bad JSON, stake limits, rule breaks', async () => {
    const { client } = await fundedClient(t.app, 10_000n);
    expect((await play(client, { sysname: 'nope', bet: '1' })).error.error_data.invalid_parameters).toEqual({
      sysname: 'wrongField',
    });
    expect(
      (await client.post('games.play', { sysname: 'sparkrush_dice_duel', bet: '1', params: '{bad' })).error
        .error_data.invalid_parameters,
    ).toEqual({ params: 'wrongField' });
    expect(
      (
        await play(client, {
          sysname: 'sparkrush_dice_duel',
          bet: '0.01',
          params: { target: 5000, over: true },
        })
      ).error.error_data,
    ).toMatchObject({ invalid_parameters: { bet: 'wrongField' }, min_bet: 0.1 });
    expect(
      (
        await play(client, {
          sysname: 'sparkrush_dice_duel',
          bet: '1',
          params: { target: 99999, over: true },
        })
      ).error.error_data.invalid_parameters,
    ).toEqual({ params: 'wrongField' });
    expect(
      (await play(client, { sysname: 'dgt_sportsbook', bet: '1' })).error.error_data.invalid_parameters,
    ).toEqual({ sysname: 'wrongField' });
  });
});

describe('multi-step rounds', () => {
  it('resumes an open blackjack round on the next play and settles it by the timeout rule', async () => {
    const { client, player } = await fundedClient(t.app, 10_000n);
    let opened = await play(client, {
      sysname: 'velvet_table_classic_blackjack',
      mode: 'real',
      bet: '2',
      params: {},
    });
    // a natural finishes at once: deal again until a round stays open
    for (let i = 0; i < 10 && opened.data.status !== 'open'; i++)
      opened = await play(client, {
        sysname: 'velvet_table_classic_blackjack',
        mode: 'real',
        bet: '2',
        params: {},
      });
    expect(opened.data.status).toBe('open');
    const resumed = await play(client, {
      sysname: 'velvet_table_classic_blackjack',
      mode: 'real',
      bet: '2',
      params: {},
    });
    expect(resumed.data).toMatchObject({ round_id: opened.data.round_id, resumed: true, status: 'open' });
    const mainBefore = (await balancesOf(t.app, player.id)).main;
    expect(await settleStaleRounds(t.app.ctx)).toBe(0);
    t.clock.advance(ROUND_TIMEOUT_MS + 1000);
    await t.app.ctx.jobs.enqueue('games.play.settle-stale');
    await t.app.ctx.jobs.drain();
    const record = (await client.get('games.getRound', { round_id: opened.data.round_id })).data;
    expect(record.status).toBe('finished');
    const last = record.actions.at(-1);
    expect(['stand', 'insurance']).toContain(last.type);
    expect((await balancesOf(t.app, player.id)).main).toBe(mainBefore + cents(record.win));
  });

  it('cashes out mines by the timeout rule, or voids a round with nothing revealed', async () => {
    const { client, player } = await fundedClient(t.app, 10_000n);
    const voided = await play(client, {
      sysname: 'sparkrush_minefield',
      mode: 'real',
      bet: '1',
      params: { mines: 1 },
    });
    t.clock.advance(ROUND_TIMEOUT_MS + 1000);
    await settleStaleRounds(t.app.ctx);
    expect((await client.get('games.getRound', { round_id: voided.data.round_id })).data.status).toBe(
      'rolled_back',
    );
    expect((await balancesOf(t.app, player.id)).main).toBe(10_000n);

    const opened = await play(client, {
      sysname: 'sparkrush_minefield',
      mode: 'real',
      bet: '1',
      params: { mines: 1 },
    });
    let step = await play(client, {
      sysname: 'sparkrush_minefield',
      mode: 'real',
      round_id: opened.data.round_id,
      params: { type: 'reveal', tile: 0 },
    });
    if (step.data.status === 'open') {
      t.clock.advance(ROUND_TIMEOUT_MS + 1000);
      await settleStaleRounds(t.app.ctx);
      step = await client.get('games.getRound', { round_id: opened.data.round_id });
      expect(step.data.actions.at(-1)).toEqual({ type: 'cashout' });
      expect(step.data.win).toBeGreaterThan(1);
    }
    expect(step.data.status).toBe('finished');
    expect((await balancesOf(t.app, player.id)).main).toBe(10_000n - 100n + cents(step.data.win));
  });

  it('plays crash on its shared table: the bet joins the table round, the cash-out waits for the flight', async () => {
    const { client, player } = await fundedClient(t.app, 10_000n);
    const opened = await play(client, {
      sysname: 'sparkrush_rocket_rush',
      mode: 'real',
      bet: '1',
      params: { auto_cashout: 2 },
    });
    expect(opened.error, JSON.stringify(opened.error)).toBeNull();
    const table = (await client.get('games.getCrashRound', { sysname: 'sparkrush_rocket_rush' })).data;
    expect(opened.data).toMatchObject({
      status: 'open',
      nonce: table.nonce,
      client_seed: 'sparkrush_rocket_rush',
      server_seed_hash: table.server_seed_hash,
      outcome: { crash: null, autoCashout: 200 },
    });
    expect(table.mine).toEqual([
      expect.objectContaining({ round_id: opened.data.round_id, auto_cashout: 2 }),
    ]);
    // the fairness pair of the player is not used: the table's round commits its own seed
    expect((await client.get('games.getFairness')).data.nonce).toBe(0);
    const early = await play(client, {
      sysname: 'sparkrush_rocket_rush',
      round_id: opened.data.round_id,
      params: { type: 'cashout' },
    });
    expect(early.error.error_data.reason).toBe('not_started');
    expect((await balancesOf(t.app, player.id)).main).toBe(9_900n);
  });
});
