/**
 * The verify page's browser computation against independent references: Node's own HMAC (createHmac) for the
 * floats, the engines' server-side replay (RoundFloats on node:crypto) for the outcome.
 */
import { createHmac } from 'node:crypto';
import { hashServerSeed, replay } from '@casino/games';
import { describe, expect, it } from 'vitest';
import {
  actionFromRecord,
  computeFloats,
  floatBytes,
  matchesRecord,
  replayRound,
  sha256Hex,
  standardMappings,
  toWire,
} from './verify';

const SERVER = 'b'.repeat(64);
const CLIENT = 'player-seed';

/** Floats straight from the published scheme, with Node's HMAC. */
const nodeFloats = (nonce: number, count: number) => {
  const out: number[] = [];
  for (let block = 0; out.length < count; block++) {
    const d = createHmac('sha256', SERVER).update(`${CLIENT}:${nonce}:${block}`).digest();
    for (let i = 0; i < 32; i += 4) out.push(d.readUInt32BE(i) / 2 ** 32);
  }
  return out.slice(0, count);
};

/** A record as games.getRound answers it: actions with cents as text, the outcome in major units. */
const recordOf = (game: string, nonce: number, actions: unknown[]) => {
  const steps = replay({ game, serverSeed: SERVER, clientSeed: CLIENT, nonce, actions });
  const last = steps.at(-1)!;
  return {
    game,
    actions: JSON.parse(JSON.stringify(actions, (_k, v) => (typeof v === 'bigint' ? v.toString() : v))),
    outcome: toWire(last.outcome),
    win: Number(last.win) / 100,
  };
};

describe('browser verification', () => {
  it('derives the same floats with WebCrypto as Node HMAC-SHA256 does, across blocks', async () => {
    expect(await computeFloats(SERVER, CLIENT, 7, 20)).toEqual(nodeFloats(7, 20));
    const f = nodeFloats(0, 1)[0]!;
    const [b0, b1, b2, b3] = floatBytes(f);
    expect(b0! / 256 + b1! / 256 ** 2 + b2! / 256 ** 3 + b3! / 256 ** 4).toBe(f);
  });

  it('checks the commitment with WebCrypto SHA-256', async () => {
    expect(await sha256Hex(SERVER)).toBe(hashServerSeed(SERVER));
  });

  it('replays dice, roulette, blackjack, mines and a slot to the recorded outcome and win', async () => {
    const cases = [
      recordOf('dice', 3, [{ stake: 100n, target: 5000, over: true }]),
      recordOf('roulette', 4, [
        {
          bets: [
            { type: 'red', amount: 100n },
            { type: 'straight', numbers: [17], amount: 50n },
          ],
        },
      ]),
      recordOf('blackjack', 5, [{ stake: 200n }, { type: 'stand' }].slice(0, 1)),
      recordOf('mines', 6, [
        { stake: 100n, mines: 3 },
        { type: 'reveal', tile: 0 },
      ]),
      recordOf('pharaohs-fortune', 8, [{ stake: 100n }]),
    ];
    for (const record of cases) {
      const result = await replayRound({
        game: record.game,
        serverSeed: SERVER,
        clientSeed: CLIENT,
        nonce: [3, 4, 5, 6, 8][cases.indexOf(record)]!,
        actions: record.actions,
      });
      expect(result.outcome).toEqual(record.outcome);
      expect(matchesRecord(result, record)).toBe(true);
    }
  });

  it('replays a shared crash table bet (client seed = the table, nonce = the round number)', async () => {
    const table = 'sparkrush_rocket_rush';
    for (const actions of [
      [{ stake: 200n, autoCashout: 150 }, { type: 'end' }],
      [{ stake: 100n }, { type: 'cashout', multiplier: 120 }],
      [
        { stake: 100n, autoCashout: 300 },
        { type: 'cashout', multiplier: 180 },
      ],
    ]) {
      const steps = replay({ game: 'crash', serverSeed: SERVER, clientSeed: table, nonce: 42, actions });
      const last = steps.at(-1)!;
      const record = {
        game: 'crash',
        actions: JSON.parse(JSON.stringify(actions, (_k, v) => (typeof v === 'bigint' ? v.toString() : v))),
        outcome: toWire(last.outcome),
        win: Number(last.win) / 100,
      };
      const result = await replayRound({
        game: 'crash',
        serverSeed: SERVER,
        clientSeed: table,
        nonce: 42,
        actions: record.actions,
      });
      expect(result.finished).toBe(true);
      expect(matchesRecord(result, record)).toBe(true);
      const [f0] = await computeFloats(SERVER, table, 42, 1);
      expect(standardMappings('crash', [f0!])[0]).toContain(
        `= ${(last.outcome as { crash: number }).crash} hundredths`,
      );
    }
  });

  it('says so when the record and the recomputation differ', async () => {
    const record = recordOf('dice', 3, [{ stake: 100n, target: 5000, over: true }]);
    const result = await replayRound({
      game: 'dice',
      serverSeed: SERVER,
      clientSeed: CLIENT,
      nonce: 3,
      actions: record.actions,
    });
    expect(matchesRecord(result, { ...record, win: record.win + 1 })).toBe(false);
    expect(matchesRecord(result, { ...record, outcome: { ...(record.outcome as object), roll: 1 } })).toBe(
      false,
    );
    const otherSeed = await replayRound({
      game: 'dice',
      serverSeed: 'c'.repeat(64),
      clientSeed: CLIENT,
      nonce: 3,
      actions: record.actions,
    });
    expect(matchesRecord(otherSeed, record)).toBe(false);
  });

  it('maps the standard outcomes as published', () => {
    expect(standardMappings('dice', [0.5])[0]).toBe('roll = floor(0.50000000 × 10001) / 100 = 50.00');
    expect(standardMappings('roulette', [0.999])[0]).toMatch(/= 36$/);
    expect(standardMappings('plinko', [0.5, 0.49, 0.9])[0]).toContain('RLR');
    expect(actionFromRecord({ stake: '150', bets: [{ amount: '25', numbers: [1] }] })).toEqual({
      stake: 150n,
      bets: [{ amount: 25n, numbers: [1] }],
    });
  });
});
