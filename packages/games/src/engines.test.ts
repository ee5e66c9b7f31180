import { describe, expect, it } from 'vitest';
import {
  blackjackEngine,
  handValue,
  SHOE_CARDS,
  type TBlackjackAction,
  type TBlackjackState,
} from './casino/blackjack.ts';
import { betNumbers, rouletteEngine } from './casino/roulette.ts';
import { GameRuleError } from './core/errors.ts';
import { decodeGameJson, encodeGameJson } from './core/state-codec.ts';
import { floatsFromArray, RoundFloats, type TFloats } from './fair/stream.ts';
import { crashEngine, crashMultiplierAt, crashPoint, crashTimeFor } from './fast/crash.ts';
import { diceEngine } from './fast/dice.ts';
import { minesEngine, placeMines } from './fast/mines.ts';
import { hiloEngine } from './high-low/hilo.ts';
import { liveRouletteResult } from './live/live-roulette.ts';
import { kenoEngine } from './logical/keno.ts';
import { plinkoEngine } from './logical/plinko.ts';
import { replay } from './registry.ts';
import { evaluateLine, playSlot } from './slot/engine.ts';
import { pharaohsFortune } from './slot/themes/pharaohs-fortune.ts';

const SEED = '3f6c1e0b9d5a47e2c8b1f03a6d9e2c7b5a4f18e6d2c0b9a7e3f5d1c8b6a4e2f0';
const code = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    if (error instanceof GameRuleError) return error.code;
    throw error;
  }
  return 'no error';
};

/** Floats that make the forward Fisher–Yates deal exactly these cards (0…51) in order. */
const shoeFloats = (cards: number[]): TFloats => {
  const list = Array.from({ length: SHOE_CARDS }, (_, i) => i);
  const floats = cards.map((card, i) => {
    const j = list.findIndex((c, k) => k >= i && c % 52 === card);
    [list[i], list[j]] = [list[j]!, list[i]!];
    return (j - i + 0.5) / (SHOE_CARDS - i);
  });
  return floatsFromArray(floats);
};
// card numbers: rank = card mod 13 (0 = A … 9 = 10, 12 = K)
const A = 0;
const TEN = 9;
const K = 12;
const n = (value: number) => value - 1; // 2…9 → card

const play = (floats: TFloats, actions: TBlackjackAction[]) => {
  let state: TBlackjackState | null = null;
  let step = blackjackEngine.step(null, actions[0]!, floats);
  for (const action of actions.slice(1)) {
    state = step.state;
    step = blackjackEngine.step(state, action, floats);
  }
  return step;
};

describe('blackjack', () => {
  it('pays a natural 6:5 at once, rounded down to the cent', () => {
    const step = play(shoeFloats([A, n(9), K, n(7)]), [{ stake: 1000n }]);
    expect(step.finished).toBe(true);
    expect(step.outcome.hands[0]!.result).toBe('blackjack');
    expect(step.outcome.hands[0]!.win).toBe(2200n);
    expect(step.win).toBe(2200n); // 1000 back + 1200
    // 1001 × 6/5 = 1201.2 → 1201 cents
    expect(play(shoeFloats([K, n(9), A, n(7)]), [{ stake: 1001n }]).win).toBe(2202n);
    expect(blackjackEngine.rules().paytable).toContainEqual({ label: 'Blackjack', value: '6:5' });
  });

  it('offers insurance on an ace; insurance pays 2:1 against a dealer blackjack', () => {
    const floats = shoeFloats([n(9), A, n(8), K]);
    const deal = blackjackEngine.step(null, { stake: 1000n }, floats);
    expect(deal.finished).toBe(false);
    expect(deal.outcome.allowed).toEqual(['insurance']);
    expect(deal.outcome.dealer).toHaveLength(1); // hole card hidden
    expect(code(() => blackjackEngine.step(deal.state, { type: 'hit' }, floats))).toBe('invalid_action');
    const end = blackjackEngine.step(deal.state, { type: 'insurance', take: true }, floats);
    expect(end.debit).toBe(500n);
    expect(end.finished).toBe(true);
    expect(end.staked).toBe(1500n);
    expect(end.win).toBe(1500n); // main bet lost, insurance 500 returns 1500
  });

  it('doubles on any two cards and the dealer stands on soft 17', () => {
    // player 5+6, dealer 6 up / A hole = soft 17: stands. Double draws a 10 → 21.
    const floats = shoeFloats([n(5), n(6), n(6), A, TEN]);
    const deal = blackjackEngine.step(null, { stake: 1000n }, floats);
    expect(deal.outcome.allowed).toEqual(['hit', 'stand', 'double']);
    const end = blackjackEngine.step(deal.state, { type: 'double' }, floats);
    expect(end.debit).toBe(1000n);
    expect(end.outcome.dealerTotal).toBe(17);
    expect(handValue(end.state.dealer)).toEqual({ total: 17, soft: true });
    expect(end.win).toBe(4000n);
  });

  it('splits a pair once; split aces take one card each and 21 is not a blackjack', () => {
    const floats = shoeFloats([A, n(9), A, n(7), K, A, TEN]);
    const deal = blackjackEngine.step(null, { stake: 1000n }, floats);
    expect(deal.outcome.allowed).toContain('split');
    const end = blackjackEngine.step(deal.state, { type: 'split' }, floats);
    expect(end.debit).toBe(1000n);
    expect(end.finished).toBe(true);
    // hands: A+K = 21 (not blackjack), A+A = 12; dealer 9+7 = 16 draws the 10 → bust
    expect(end.outcome.hands.map((h) => h.result)).toEqual(['win', 'win']);
    expect(end.win).toBe(4000n);
  });

  it('refuses a second split and a double after hitting', () => {
    const floats = shoeFloats([n(8), n(7), n(8), n(9), n(8), n(2), n(3)]);
    const deal = blackjackEngine.step(null, { stake: 1000n }, floats);
    const split = blackjackEngine.step(deal.state, { type: 'split' }, floats);
    expect(split.outcome.hands[0]!.cards.map((c) => c.rank)).toEqual(['8', '8']);
    expect(code(() => blackjackEngine.step(split.state, { type: 'split' }, floats))).toBe('invalid_action');
    const hit = blackjackEngine.step(split.state, { type: 'hit' }, floats);
    expect(code(() => blackjackEngine.step(hit.state, { type: 'double' }, floats))).toBe('invalid_action');
  });

  it('a dealer ten with a hidden ace (peek) ends the round', () => {
    const end = play(shoeFloats([n(9), K, n(8), A]), [{ stake: 1000n }]);
    expect(end.finished).toBe(true);
    expect(end.win).toBe(0n);
  });
});

describe('roulette', () => {
  it('validates placements against the layout', () => {
    expect(betNumbers({ type: 'split', numbers: [17, 14], amount: 1n })).toEqual([14, 17]);
    expect(code(() => betNumbers({ type: 'split', numbers: [3, 4], amount: 1n }))).toBe('invalid_bet');
    expect(code(() => betNumbers({ type: 'corner', numbers: [3, 4, 6, 7], amount: 1n }))).toBe('invalid_bet');
    expect(code(() => betNumbers({ type: 'street', numbers: [2, 3, 4], amount: 1n }))).toBe('invalid_bet');
    expect(code(() => betNumbers({ type: 'straight', numbers: [37], amount: 1n }))).toBe('invalid_bet');
    expect(code(() => betNumbers({ type: 'dozen', index: 4, amount: 1n }))).toBe('invalid_bet');
    expect(code(() => rouletteEngine.step(null, { bets: [] }, floatsFromArray([0.5])))).toBe('invalid_bet');
    expect(
      code(() => rouletteEngine.step(null, { bets: [{ type: 'red', amount: 0n }] }, floatsFromArray([0.5]))),
    ).toBe('invalid_stake');
  });

  it('settles a spin: pocket 0 loses outside bets, a straight on 0 pays 35:1', () => {
    const step = rouletteEngine.step(
      null,
      {
        bets: [
          { type: 'straight', numbers: [0], amount: 100n },
          { type: 'red', amount: 100n },
        ],
      },
      floatsFromArray([0.01]),
    );
    expect(step.outcome.pocket).toBe(0);
    expect(step.win).toBe(3600n);
    expect(step.staked).toBe(200n);
  });

  it('a live round result comes from its seeds and equals the single-player mapping', () => {
    const result = liveRouletteResult({ serverSeed: SEED, clientSeed: 'lucky-clover', nonce: 0 });
    expect(result.pocket).toBe(9); // floor(0.2693… × 37)
    expect(result.color).toBe('red');
  });
});

describe('fast games', () => {
  it('dice validates bounds and pays over/under', () => {
    expect(
      code(() => diceEngine.step(null, { stake: 100n, target: 9995, over: true }, floatsFromArray([0.5]))),
    ).toBe('invalid_target');
    const win = diceEngine.step(null, { stake: 10_000n, target: 5000, over: true }, floatsFromArray([0.9]));
    expect(win.outcome.won).toBe(true);
    expect(win.win).toBe(19_801n); // 10000 × 0.99 × 10001 / 5000 = 19801.98, rounded down
  });

  it('crash: point, curve and cash-out', () => {
    expect(crashPoint(0.5)).toBe(198); // 99 · 2³² / 2³¹ = 198
    expect(crashMultiplierAt(0)).toBe(100);
    expect(crashMultiplierAt(crashTimeFor(250))).toBeGreaterThanOrEqual(250);
    expect(crashMultiplierAt(crashTimeFor(250) - 1)).toBeLessThan(250);
    const floats = floatsFromArray([0.5]);
    const open = crashEngine.step(null, { stake: 1000n }, floats);
    expect(open.finished).toBe(false);
    expect(open.outcome.crash).toBeNull();
    expect(crashEngine.step(open.state, { type: 'cashout', multiplier: 198 }, floats).win).toBe(1980n);
    expect(crashEngine.step(open.state, { type: 'cashout', multiplier: 199 }, floats).win).toBe(0n);
    // an auto cash-out opens the bet too; `end` settles it by the auto rule (won: 150 ≤ 198)
    const auto = crashEngine.step(null, { stake: 1000n, autoCashout: 150 }, floats);
    expect(auto.finished).toBe(false);
    expect(crashEngine.step(auto.state, { type: 'end' }, floats).win).toBe(1500n);
  });

  it('mines: places distinct mines, pays per reveal, loses on a mine', () => {
    const floats = new RoundFloats(SEED, 'mines', 3);
    const mines = placeMines(5, floats);
    expect(new Set(mines).size).toBe(5);
    const open = minesEngine.step(null, { stake: 1000n, mines: 5 }, floats);
    expect(code(() => minesEngine.step(open.state, { type: 'cashout' }, floats))).toBe('nothing_to_cash_out');
    const safe = [...Array(25).keys()].find((t) => !mines.includes(t))!;
    const revealed = minesEngine.step(open.state, { type: 'reveal', tile: safe }, floats);
    expect(revealed.outcome.mineTiles).toBeNull();
    const cashed = minesEngine.step(revealed.state, { type: 'cashout' }, floats);
    expect(cashed.win).toBe(1237n); // 1000 × 0.99 × 25/20 = 1237.5
    const lost = minesEngine.step(revealed.state, { type: 'reveal', tile: mines[0]! }, floats);
    expect(lost.finished).toBe(true);
    expect(lost.win).toBe(0n);
    expect(lost.outcome.mineTiles).toEqual(mines);
  });

  it('hi-lo: chains guesses and refuses a guess that cannot lose', () => {
    // cards: floor(f × 52): 0.01 → A♠, 0.1 → 6♠ (card 5), 0.2 → J♠ (card 10)
    const floats = floatsFromArray([0.01, 0.1, 0.2]);
    const open = hiloEngine.step(null, { stake: 1000n }, floats);
    expect(open.outcome.current.rank).toBe('A');
    expect(code(() => hiloEngine.step(open.state, { type: 'guess', guess: 'higher_or_same' }, floats))).toBe(
      'invalid_guess',
    );
    const one = hiloEngine.step(open.state, { type: 'guess', guess: 'higher' }, floats);
    const two = hiloEngine.step(one.state, { type: 'guess', guess: 'higher' }, floats);
    const cash = hiloEngine.step(two.state, { type: 'cashout' }, floats);
    // 0.99 × 13/12 × 13/7 = 1.99178… → 1991 cents
    expect(cash.win).toBe(1991n);
  });
});

describe('logical games', () => {
  it('keno draws 10 distinct numbers and counts hits', () => {
    const step = kenoEngine.step(null, { stake: 100n, picks: [1, 2, 3] }, new RoundFloats(SEED, 'keno', 1));
    expect(new Set(step.outcome.drawn).size).toBe(10);
    expect(step.outcome.hits).toEqual([1, 2, 3].filter((n) => step.outcome.drawn.includes(n)));
    expect(code(() => kenoEngine.step(null, { stake: 100n, picks: [1, 1] }, floatsFromArray([])))).toBe(
      'invalid_picks',
    );
  });

  it('plinko follows the floats: all right lands in the last slot', () => {
    const step = plinkoEngine.step(
      null,
      { stake: 100n, rows: 8, risk: 'high' },
      floatsFromArray(Array(8).fill(0.7)),
    );
    expect(step.outcome.slot).toBe(8);
    expect(step.win).toBe(1020n);
    expect(
      code(() => plinkoEngine.step(null, { stake: 100n, rows: 7, risk: 'low' }, floatsFromArray([]))),
    ).toBe('invalid_rows');
  });
});

describe('slot engine', () => {
  it('wilds substitute, a wild run pays its own line when worth more, scatters break lines', () => {
    expect(evaluateLine(pharaohsFortune, ['W', 'W', 'PH', 'PH', 'J'])).toEqual({
      symbol: 'PH',
      count: 4,
      pay: 220,
    });
    expect(evaluateLine(pharaohsFortune, ['W', 'W', 'W', 'J', 'K'])).toEqual({
      symbol: 'W',
      count: 3,
      pay: 55,
    });
    expect(evaluateLine(pharaohsFortune, ['J', 'S', 'J', 'J', 'J'])).toBeNull();
    expect(evaluateLine(pharaohsFortune, ['S', 'J', 'J', 'J', 'J'])).toBeNull();
  });

  it('a freespins pack plays its spins at the feature multiplier without a debit', () => {
    const floats = new RoundFloats(SEED, 'pack', 0);
    const step = playSlot(pharaohsFortune, { type: 'freespins', stake: 200n, count: 10 }, floats);
    expect(step.debit).toBe(0n);
    expect(step.outcome.freeSpins).toHaveLength(10);
    expect(step.outcome.spin).toBeNull();
  });
});

describe('replay and storage', () => {
  it('replays every kind of round from its record to the same outcome', () => {
    const record = (game: string, actions: unknown[]) => ({
      game,
      serverSeed: SEED,
      clientSeed: 'replay',
      nonce: 42,
      actions,
    });
    for (const r of [
      record('pharaohs-fortune', [{ stake: 100n }]),
      record('roulette', [{ bets: [{ type: 'even', amount: 100n }] }]),
      record('dice', [{ stake: 100n, target: 3000, over: false }]),
      record('mines', [
        { stake: 100n, mines: 2 },
        { type: 'reveal', tile: 12 },
      ]),
      record('hilo', [{ stake: 100n }, { type: 'skip' }]),
      record('keno', [{ stake: 100n, picks: [5, 6, 7] }]),
      record('plinko', [{ stake: 100n, rows: 12, risk: 'low' }]),
      record('blackjack', [{ stake: 100n }]),
    ]) {
      const first = replay(r);
      const stored = decodeGameJson(encodeGameJson(r)) as typeof r;
      expect(encodeGameJson(replay(stored))).toBe(encodeGameJson(first));
      expect(first.at(-1)!.staked).toBeGreaterThan(0n);
    }
  });

  it('refuses actions after the end of a round', () => {
    expect(
      code(() =>
        replay({
          game: 'dice',
          serverSeed: SEED,
          clientSeed: 'c',
          nonce: 0,
          actions: [{ stake: 1n, target: 5000, over: true }, {}],
        }),
      ),
    ).toBe('round_finished');
  });
});
