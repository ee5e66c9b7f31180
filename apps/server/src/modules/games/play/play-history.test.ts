/** games.play's freespins packs, the winners feed, and the history with its CSV export. */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, createTestApp, type TTestApp } from '../../../test/test-app.ts';
import { grantFreespinsPack } from './freespins.ts';
import { balancesOf, cents, fundedClient } from './test-helpers.ts';

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
    // The winnings become a bonus with wagering (issue 12), not real money.
    expect(await balancesOf(t.app, player.id)).toMatchObject({ main: 0n, bonus: cents(spun.data.win) });
    if (spun.data.win > 0)
      expect((await client.get('bonuses.get')).data.items).toMatchObject([
        { source: 'freespins', amount: spun.data.win, status: 'active' },
      ]);
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
