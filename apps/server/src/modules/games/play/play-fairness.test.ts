import { diceRoll, roulettePocket } from '@casino/games';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type apiClient, createTestApp, type TTestApp } from '../../../test/test-app.ts';
import { loyaltyRewardsInPointsOnly } from '../../loyalty/test-helpers.ts';
import { balancesOf, cents, fundedClient, referenceFloats, referenceSha256 } from './test-helpers.ts';

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

describe('provably fair', () => {
  it('commits before play, counts nonces, reveals on rotate, and recomputes without our package', async () => {
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
    expect(referenceSha256(seed)).toBe(before.server_seed_hash);

    for (const r of rounds) {
      const record = (await client.get('games.getRound', { round_id: r.round_id })).data;
      expect(record.server_seed).toBe(seed);
      const [float] = referenceFloats(seed, record.client_seed, record.nonce, 1);
      // dice: roll = floor(float × 10001) / 100, computed here from the test's own HMAC, not by our package
      expect(Math.floor(float! * 10001)).toBe(record.outcome.roll);
      expect(diceRoll(float!)).toBe(record.outcome.roll);
      expect(record.outcome.won).toBe(record.outcome.roll > 5000);
    }
    const rr = (await client.get('games.getRound', { round_id: roulette.data.round_id })).data;
    const [rf] = referenceFloats(seed, rr.client_seed, rr.nonce, 1);
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

  it('recomputes a slot spin and a mines board from floats computed apart', async () => {
    const { client } = await fundedClient(t.app, 10_000n);
    const slot = await play(client, {
      sysname: 'copperfox_cherry_flare',
      mode: 'real',
      bet: '1',
      params: {},
    });
    const seed = (await client.post('games.rotateSeed', {})).data.previous.server_seed;
    const record = (await client.get('games.getRound', { round_id: slot.data.round_id })).data;
    const floats = referenceFloats(seed, record.client_seed, record.nonce, 3);
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
