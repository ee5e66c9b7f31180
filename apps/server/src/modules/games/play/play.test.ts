/** games.play end to end: every game in real and demo, the wallet arithmetic, fairness, recall and history. */
import { createHash } from 'node:crypto';
import { diceRoll, replay, roulettePocket } from '@casino/games';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../platform/db/database.ts';
import { apiClient, createTestApp, type TTestApp } from '../../../test/test-app.ts';
import { grantFreespinsPack } from './freespins.ts';
import { loadRound } from './rounds.ts';
import { ROUND_TIMEOUT_MS, settleStaleRounds } from './settle-stale.ts';
import {
  balancesOf,
  cents,
  finishRound,
  fundedClient,
  GAME_CASES,
  opensslFloats,
  opensslSha256,
} from './test-helpers.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
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

describe('provably fair', () => {
  it('commits before play, counts nonces, reveals on rotate, and recomputes with openssl', async () => {
    const { client } = await fundedClient(t.app, 10_000n);
    const before = (await client.get('games.getFairness')).data;
    expect(before.server_seed_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(before.nonce).toBe(0);
    const rounds = [];
    for (let i = 0; i < 3; i++) {
      const r = await play(client, {
        sysname: 'sparkrush_dice_duel',
        mode: 'real',
        bet: '1',
        params: { target: 5000, over: true },
      });
      expect(r.data.nonce).toBe(i);
      expect(r.data.server_seed_hash).toBe(before.server_seed_hash);
      rounds.push(r.data);
    }
    const roulette = await play(client, {
      sysname: 'velvet_table_european_roulette',
      mode: 'real',
      params: { bets: [{ type: 'red', amount: '1' }] },
    });
    expect(roulette.data.nonce).toBe(3);
    // before the reveal, the record has no seed
    const hidden = await client.get('games.getRound', { round_id: rounds[0].round_id });
    expect(hidden.data.server_seed).toBeNull();
    expect(hidden.data.server_seed_hash).toBe(before.server_seed_hash);
    expect((await client.get('games.getFairness')).data).toMatchObject({
      server_seed_hash: before.server_seed_hash,
      nonce: 4,
    });

    const rotated = await client.post('games.rotateSeed', { client_seed: 'my-own-seed' });
    expect(rotated.data.previous).toMatchObject({
      server_seed_hash: before.server_seed_hash,
      nonce: 4,
      client_seed: before.client_seed,
    });
    expect(rotated.data.current).toMatchObject({ client_seed: 'my-own-seed', nonce: 0 });
    expect(rotated.data.current.server_seed_hash).not.toBe(before.server_seed_hash);
    const seed = rotated.data.previous.server_seed;
    expect(opensslSha256(seed)).toBe(before.server_seed_hash);

    for (const r of rounds) {
      const record = (await client.get('games.getRound', { round_id: r.round_id })).data;
      expect(record.server_seed).toBe(seed);
      const [float] = opensslFloats(seed, record.client_seed, record.nonce, 1);
      // dice: roll = floor(float × 10001) / 100, computed here from openssl's digest, not by our package
      expect(Math.floor(float! * 10001)).toBe(record.outcome.roll);
      expect(diceRoll(float!)).toBe(record.outcome.roll);
      expect(record.outcome.won).toBe(record.outcome.roll > 5000);
    }
    const rr = (await client.get('games.getRound', { round_id: roulette.data.round_id })).data;
    const [rf] = opensslFloats(seed, rr.client_seed, rr.nonce, 1);
    expect(Math.floor(rf! * 37)).toBe(rr.outcome.pocket);
    expect(roulettePocket(rf!)).toBe(rr.outcome.pocket);

    const next = await play(client, {
      sysname: 'sparkrush_dice_duel',
      mode: 'real',
      bet: '1',
      params: { target: 5000, over: true },
    });
    expect(next.data).toMatchObject({
      nonce: 0,
      client_seed: 'my-own-seed',
      server_seed_hash: rotated.data.current.server_seed_hash,
    });
    expect(
      (await client.post('games.rotateSeed', { client_seed: 'has space' })).error.error_data
        .invalid_parameters,
    ).toEqual({ client_seed: 'wrongField' });
  });

  it('recomputes a slot spin and a mines board from openssl floats', async () => {
    const { client } = await fundedClient(t.app, 10_000n);
    const slot = await play(client, {
      sysname: 'copperfox_cherry_flare',
      mode: 'real',
      bet: '1',
      params: {},
    });
    const seed = (await client.post('games.rotateSeed', {})).data.previous.server_seed;
    const record = (await client.get('games.getRound', { round_id: slot.data.round_id })).data;
    const floats = opensslFloats(seed, record.client_seed, record.nonce, 3);
    const { SLOT_DEFINITIONS } = await import('@casino/games');
    const def = SLOT_DEFINITIONS.find((d) => d.id === 'fruit-frenzy')!;
    expect(record.outcome.spin.stops).toEqual(
      def.reels.map((strip, i) => Math.floor(floats[i]! * strip.length)),
    );
  });

  it('refuses to rotate while a multi-step round is open', async () => {
    const { client } = await fundedClient(t.app, 10_000n);
    const open = await play(client, {
      sysname: 'sparkrush_minefield',
      mode: 'real',
      bet: '1',
      params: { mines: 3 },
    });
    expect(open.data.status).toBe('open');
    const refused = await client.post('games.rotateSeed', {});
    expect(refused.error.error_data).toMatchObject({
      invalid_parameters: { round_id: 'roundOpen' },
      round_id: open.data.round_id,
    });
  });

  it('keeps distinct nonces and exact balances under concurrent plays', async () => {
    const { client, player } = await fundedClient(t.app, 100_000n);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        play(client, {
          sysname: 'sparkrush_dice_duel',
          mode: 'real',
          bet: '1',
          params: { target: 5000, over: true },
        }),
      ),
    );
    for (const a of answers) expect(a.error).toBeNull();
    expect(new Set(answers.map((a) => a.data.nonce))).toEqual(new Set([0, 1, 2, 3, 4, 5, 6, 7]));
    const wins = answers.reduce((sum, a) => sum + cents(a.data.win), 0n);
    expect((await balancesOf(t.app, player.id)).main).toBe(100_000n - 800n + wins);
    expect((await client.get('games.getFairness')).data.nonce).toBe(8);
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

describe('freespins packs and the winners feed', () => {
  it('plays a pack with the slot free-spins feature, nothing debited', async () => {
    const { client, player } = await fundedClient(t.app, 0n);
    await grantFreespinsPack(t.app.ctx, {
      playerId: player.id,
      sysname: 'copperfox_cherry_flare',
      count: 10,
      stake: 100n,
    });
    expect((await client.get('games.getFreespinsPacks')).data).toEqual([
      expect.objectContaining({ sysname: 'copperfox_cherry_flare', remaining_count: 10, bet: 1 }),
    ]);
    const spun = await play(client, {
      sysname: 'copperfox_cherry_flare',
      mode: 'real',
      params: { freespins: true },
    });
    expect(spun.error).toBeNull();
    expect(spun.data.bet).toBe(0);
    expect(spun.data.outcome.freeSpins).toHaveLength(10);
    expect((await balancesOf(t.app, player.id)).main).toBe(cents(spun.data.win));
    expect((await client.get('games.getFreespinsPacks')).data).toEqual([]);
    expect(
      (await play(client, { sysname: 'copperfox_cherry_flare', mode: 'real', params: { freespins: true } }))
        .error.error_data.reason,
    ).toBe('no_freespins');
  });

  it('lists big real wins, masked, newest first, and publishes them', async () => {
    const { client } = await fundedClient(t.app, 1_000_000n);
    const seen: unknown[] = [];
    const off = t.app.ctx.bus.subscribe((e) => {
      if (e.topic === 'games.winner') seen.push(e.payload);
    });
    t.clock.advance(60_000); // newest first: this win is later than any earlier test's
    // dice under 1.00 pays 99× : play until one wins (expected 100 plays; 400 left a 1.8 % chance of none,
    // seen once in a full run; 1500 leaves 3 in 10 million)
    let winner: any = null;
    for (let i = 0; i < 1500 && !winner; i++) {
      const r = await play(client, {
        sysname: 'sparkrush_dice_duel',
        mode: 'real',
        bet: '1',
        params: { target: 100, over: false },
      });
      if (r.data.win > 0) winner = r.data;
    }
    off();
    expect(winner).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 50)); // a Redis bus delivers asynchronously
    const list = (await apiClient(t.app).get('games.getWinners', { count: 5 })).data;
    const onlyDice = (await apiClient(t.app).get('games.getWinners', { sysnames: 'sparkrush_dice_duel' }))
      .data;
    expect(onlyDice.every((w: { sysname: string }) => w.sysname === 'sparkrush_dice_duel')).toBe(true);
    expect(list[0]).toMatchObject({
      round_id: winner.round_id,
      win: winner.win,
      bet: 1,
      sysname: 'sparkrush_dice_duel',
    });
    expect(list[0].player).toMatch(/^.{1,2}\*\*\*$/);
    expect(seen).toHaveLength(1);
  });
});

describe('history and export', () => {
  it('filters and pages the history, and exports a CSV only the owner can download', async () => {
    const { client } = await fundedClient(t.app, 100_000n);
    await play(client, {
      sysname: 'sparkrush_dice_duel',
      mode: 'real',
      bet: '1',
      params: { target: 5000, over: true },
    });
    await play(client, {
      sysname: 'sparkrush_dice_duel',
      mode: 'demo',
      bet: '1',
      params: { target: 5000, over: true },
    });
    t.clock.advance(600_000);
    const cut = new Date(t.clock.now().getTime() - 300_000).toISOString();
    await play(client, {
      sysname: 'puzzleworks_keno_classic',
      mode: 'real',
      bet: '1',
      params: { picks: [1, 2, 3] },
    });
    const all = await client.get('games.getHistory');
    expect(all.data.total).toBe(3);
    expect(all.data.items[0].sysname).toBe('puzzleworks_keno_classic');
    expect(all.data.items[0].game_name).toBeTruthy();
    expect((await client.get('games.getHistory', { mode: 'demo' })).data.total).toBe(1);
    expect((await client.get('games.getHistory', { sysnames: 'puzzleworks_keno_classic' })).data.total).toBe(
      1,
    );
    expect((await client.get('games.getHistory', { date_from: cut })).data.total).toBe(1);
    expect((await client.get('games.getHistory', { date_to: cut })).data.total).toBe(2);
    expect(
      (await client.get('games.getHistory', { date_from: 'soon' })).error.error_data.invalid_parameters,
    ).toEqual({ date_from: 'wrongField' });
    const page = await client.get('games.getHistory', { offset: 1, count: 1 });
    expect(page.data).toMatchObject({
      total: 3,
      items: [expect.objectContaining({ round_id: all.data.items[1].round_id })],
    });
    const wins = (await client.get('games.getHistory', { result: 'win' })).data.items;
    for (const item of wins) expect(item.win).toBeGreaterThan(0);
    expect((await client.get('games.getHistory', { mode: 'x' })).error.error_data.invalid_parameters).toEqual(
      { mode: 'wrongField' },
    );
    expect((await apiClient(t.app).get('games.getHistory')).error.type).toBe('AuthorizationException');

    const created = await client.post('games.createhistoryexportrequest', { mode: 'real' });
    expect(created.data).toMatchObject({ status: 'pending', url: null });
    await t.app.ctx.jobs.drain();
    const ready = (await client.get('games.gethistoryexportrequest', { id: created.data.id })).data;
    expect(ready).toMatchObject({ status: 'ready', rows: 2 });
    expect((await client.get('games.gethistoryexportrequest')).data.id).toBe(created.data.id);
    const csv = await client.send({ method: 'GET', url: ready.url });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('round_id,created_at,finished_at,game,sysname,mode,status,bet,win,currency,nonce');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(all.data.items[0].round_id);
    expect(lines[1]).toContain(',1.00,');
    const stranger = await fundedClient(t.app, 0n);
    expect((await stranger.client.send({ method: 'GET', url: ready.url })).statusCode).toBe(404);
    expect((await apiClient(t.app).send({ method: 'GET', url: ready.url })).statusCode).toBe(401);
    expect(createHash('sha256').update(csv.body).digest('hex')).toHaveLength(64);
  });
});
