import { describe, expect, it } from 'vitest';
import { BLACKJACK_PAYS } from './casino/blackjack-payout.ts';
import { blackjackBasicStrategyRtp } from './casino/blackjack-strategy.ts';
import {
  ROULETTE_BET_TYPES,
  ROULETTE_RTP,
  settleRouletteBets,
  type TRouletteBet,
} from './casino/roulette.ts';
import { add, compare, mul, ONE, ratio, sub, sum, type TRatio, toNumber, ZERO } from './core/ratio.ts';
import { floatsFromArray } from './fair/stream.ts';
import { crashEngine, crashPoint, crashRtp, crashSurvival } from './fast/crash.ts';
import { DICE_RTP, diceMultiplier, diceWinningRolls } from './fast/dice.ts';
import { minesMultiplier, minesSurvival } from './fast/mines.ts';
import { HILO_GUESSES, HILO_RTP, hiloGuessFactor, hiloGuessWins, hiloMultiplier } from './high-low/hilo.ts';
import { KENO_PAYTABLE, kenoHitProbability, kenoRtp } from './logical/keno.ts';
import { PLINKO_PAYTABLE, PLINKO_RISKS, plinkoRtp } from './logical/plinko.ts';
import { ENGINES } from './registry.ts';
import { spinReels } from './slot/engine.ts';
import { slotRtp } from './slot/rtp.ts';
import { SLOT_DEFINITIONS, slotRtpOf } from './slot/slots.ts';
import { fruitFrenzy } from './slot/themes/fruit-frenzy.ts';
import type { TSlotDefinition } from './slot/types.ts';

const inRange = (rtp: TRatio) => compare(rtp, ratio(94n, 100n)) >= 0 && compare(rtp, ratio(99n, 100n)) <= 0;

describe('exact RTP of every game lies between 94% and 99%', () => {
  it.each(SLOT_DEFINITIONS.map((s) => [s.id, s] as const))('slot %s', (_id, slot) => {
    const { rtp, triggerProbability } = slotRtpOf(slot);
    expect(inRange(rtp), `${slot.id} ${toNumber(rtp)}`).toBe(true);
    expect(toNumber(triggerProbability)).toBeGreaterThan(0);
  });

  it('roulette: every bet type returns exactly 36/37, by enumeration over the 37 pockets', () => {
    const examples: TRouletteBet[] = [
      { type: 'straight', numbers: [0], amount: 37n },
      { type: 'split', numbers: [0, 2], amount: 37n },
      { type: 'split', numbers: [14, 17], amount: 37n },
      { type: 'street', numbers: [34, 35, 36], amount: 37n },
      { type: 'trio', numbers: [0, 2, 3], amount: 37n },
      { type: 'corner', numbers: [1, 2, 4, 5], amount: 37n },
      { type: 'first_four', numbers: [0, 1, 2, 3], amount: 37n },
      { type: 'line', numbers: [31, 32, 33, 34, 35, 36], amount: 37n },
      { type: 'column', index: 3, amount: 37n },
      { type: 'dozen', index: 1, amount: 37n },
      ...(['red', 'black', 'odd', 'even', 'low', 'high'] as const).map((type) => ({ type, amount: 37n })),
    ];
    expect(new Set(examples.map((b) => b.type))).toEqual(new Set(ROULETTE_BET_TYPES));
    for (const bet of examples) {
      let returned = 0n;
      for (let pocket = 0; pocket < 37; pocket++) returned += settleRouletteBets([bet], pocket).win;
      expect(ratio(returned, 37n * 37n), bet.type).toEqual(ROULETTE_RTP);
    }
    expect(toNumber(ROULETTE_RTP)).toBeCloseTo(0.972973, 6);
    expect(inRange(ROULETTE_RTP)).toBe(true);
  });

  it('dice: 99% at every allowed target, by counting winning rolls among all 10001', () => {
    for (const over of [true, false]) {
      for (let target = 0; target <= 10000; target += 7) {
        const winning = diceWinningRolls(target, over);
        if (winning < 10 || winning > 9800) continue;
        let count = 0;
        for (let roll = 0; roll <= 10000; roll++) if (over ? roll > target : roll < target) count++;
        expect(mul(ratio(count, 10001), diceMultiplier(target, over))).toEqual(DICE_RTP);
      }
    }
  });

  it('crash: survival matches the crash point formula at its boundaries, RTP just under 99% at every target', () => {
    for (const target of [101, 150, 200, 1000, 123456, 100_000_000]) {
      const count = crashSurvival(target).num * (2n ** 32n / crashSurvival(target).den);
      // The last u that crashes below the target and the first that reaches it.
      const firstWinning = Number(2n ** 32n - count);
      expect(crashPoint(firstWinning / 2 ** 32)).toBeGreaterThanOrEqual(target);
      if (firstWinning > 0) expect(crashPoint((firstWinning - 1) / 2 ** 32)).toBeLessThan(target);
      const rtp = crashRtp(target);
      expect(toNumber(rtp)).toBeGreaterThan(0.9899);
      expect(compare(rtp, ratio(99n, 100n))).toBeLessThanOrEqual(0);
    }
    expect(crashPoint(0)).toBe(100);
  });

  it('crash: an auto cash-out at m pays m exactly when the crash point reaches m, so its RTP is P(crash ≥ m) × m', () => {
    const stake = 10_000n;
    for (const target of [101, 150, 200, 250, 1000, 123456, 100_000_000]) {
      const count = crashSurvival(target).num * (2n ** 32n / crashSurvival(target).den);
      const firstWinning = Number(2n ** 32n - count);
      // The shared table settles the bet with `end` when the flight reaches m (or at the crash below it).
      const settle = (u: number) => {
        const floats = floatsFromArray([u / 2 ** 32]);
        const open = crashEngine.step(null, { stake, autoCashout: target }, floats);
        return crashEngine.step(open.state, { type: 'end' }, floats).win;
      };
      expect(settle(firstWinning)).toBe((stake * BigInt(target)) / 100n);
      if (firstWinning > 0) expect(settle(firstWinning - 1)).toBe(0n);
      expect(settle(2 ** 32 - 1)).toBe((stake * BigInt(target)) / 100n);
      // the winning floats are exactly `count` of the 2³² values
      expect(mul(ratio(count, 2n ** 32n), ratio(BigInt(target), 100n))).toEqual(crashRtp(target));
      expect(inRange(crashRtp(target)), `${target}`).toBe(true);
    }
  });

  it('mines: cashing out after any number of safe tiles returns exactly 99%', () => {
    for (let mines = 1; mines <= 24; mines++) {
      for (let safe = 1; safe <= 25 - mines; safe++) {
        expect(mul(minesSurvival(mines, safe), minesMultiplier(mines, safe))).toEqual(ratio(99n, 100n));
      }
    }
  });

  it('hi-lo: every allowed guess on every rank, and any chain of them, returns exactly 99%', () => {
    for (let rank = 1; rank <= 13; rank++) {
      for (const guess of HILO_GUESSES) {
        const factor = hiloGuessFactor(rank, guess);
        if (!factor) continue;
        let wins = 0;
        for (let next = 1; next <= 13; next++) if (hiloGuessWins(rank, next, guess)) wins++;
        expect(mul(ratio(wins, 13), factor)).toEqual(ONE);
      }
    }
    const chain = [hiloGuessFactor(3, 'higher')!, hiloGuessFactor(12, 'lower_or_same')!];
    const survival = mul(ratio(10, 13), ratio(12, 13));
    expect(mul(survival, hiloMultiplier(mul(chain[0]!, chain[1]!)))).toEqual(HILO_RTP);
  });

  it('keno: hypergeometric hit probabilities sum to 1 and every pick count is in range', () => {
    for (let picks = 1; picks <= 10; picks++) {
      expect(sum(KENO_PAYTABLE[picks]!.map((_, h) => kenoHitProbability(picks, h)))).toEqual(ONE);
      expect(inRange(kenoRtp(picks)), `${picks} picks ${toNumber(kenoRtp(picks))}`).toBe(true);
    }
  });

  it('plinko: every risk and row count is in range', () => {
    for (const risk of PLINKO_RISKS) {
      for (let rows = 8; rows <= 16; rows++) {
        expect(PLINKO_PAYTABLE[risk][rows]!.length).toBe(rows + 1);
        expect(inRange(plinkoRtp(risk, rows)), `${risk}/${rows} ${toNumber(plinkoRtp(risk, rows))}`).toBe(
          true,
        );
      }
    }
  });

  it('blackjack (6:5, S17, double any two, DAS, peek): exact infinite-deck RTP of the best strategy is 98.0767%', () => {
    const rtp = blackjackBasicStrategyRtp();
    expect(rtp).toEqual(blackjackBasicStrategyRtp(BLACKJACK_PAYS));
    expect(BLACKJACK_PAYS).toEqual(ratio(6n, 5n));
    expect(toNumber(rtp)).toBeCloseTo(0.980767, 6);
    expect(inRange(rtp)).toBe(true);
    // The same analysis at 3:2 gives the textbook ≈ 99.43% (house edge ≈ 0.57%) for these rules…
    const threeToTwo = blackjackBasicStrategyRtp(ratio(3n, 2n));
    expect(toNumber(threeToTwo)).toBeCloseTo(0.994296, 6);
    expect(inRange(threeToTwo)).toBe(false);
    // …and the payout is not a decision, so 6:5 costs exactly (3/2 − 6/5) × P(player natural, no dealer
    // natural) = 3/10 × 8/169 × 161/169 with every other action unchanged.
    expect(sub(threeToTwo, rtp)).toEqual(mul(ratio(3n, 10n), mul(ratio(8n, 169n), ratio(161n, 169n))));
  });

  it('every engine publishes rules with a float mapping and an RTP', () => {
    for (const engine of ENGINES) {
      const rules = engine.rules();
      expect(rules.mapping.length, engine.id).toBeGreaterThan(0);
      expect(rules.paytable.length, engine.id).toBeGreaterThan(0);
      expect(rules.rtpText, engine.id).toMatch(/%/);
    }
  });
});

describe('slot RTP method agrees with a literal enumeration of every reel stop through the engine', () => {
  /** Sum of spin multipliers over every stop combination, spinning through the engine itself. */
  const enumerate = (slot: TSlotDefinition, reels: string[][]) => {
    let total = ZERO;
    let spins = 0n;
    let stops = 0n;
    const current: number[] = [];
    const walk = (reel: number) => {
      if (reel === reels.length) {
        const floats = floatsFromArray(current.map((stop, i) => (stop + 0.5) / reels[i]!.length));
        const spin = spinReels(slot, reels, floats, 0);
        total = add(total, spin.multiplier);
        spins += BigInt(spin.freeSpinsAwarded);
        stops++;
        return;
      }
      for (let stop = 0; stop < reels[reel]!.length; stop++) {
        current.push(stop);
        walk(reel + 1);
        current.pop();
      }
    };
    walk(0);
    return { mean: ratio(total.num, total.den * stops), spins: ratio(spins, stops) };
  };

  it('Fruit Frenzy (3 reels): all 37³ base stops and all free-spin stops', () => {
    const base = enumerate(fruitFrenzy, fruitFrenzy.reels);
    const free = enumerate(fruitFrenzy, fruitFrenzy.freeSpinReels);
    const literal = add(
      base.mean,
      mul(base.spins, mul(free.mean, ratio(BigInt(fruitFrenzy.freeSpins.multiplier)))),
    );
    expect(literal).toEqual(slotRtp(fruitFrenzy).rtp);
  });

  it('a 5-reel test slot with short strips, where a line crosses all rows', () => {
    const tiny: TSlotDefinition = {
      ...SLOT_DEFINITIONS[0]!,
      id: 'tiny',
      reels: [
        ['W', 'PH', 'S', 'J', 'A', 'K'],
        ['J', 'W', 'PH', 'S', 'Q'],
        ['PH', 'J', 'S', 'W', 'A', 'Q', 'K'],
        ['A', 'S', 'PH', 'J', 'W'],
        ['K', 'PH', 'J', 'S', 'W', 'A'],
      ],
      freeSpinReels: [
        ['W', 'PH', 'J', 'S'],
        ['J', 'W', 'W', 'S'],
        ['PH', 'S', 'W', 'A'],
        ['A', 'S', 'J', 'W'],
        ['K', 'S', 'J', 'PH'],
      ],
    };
    const base = enumerate(tiny, tiny.reels);
    const free = enumerate(tiny, tiny.freeSpinReels);
    const literal = add(base.mean, mul(base.spins, mul(free.mean, ratio(BigInt(tiny.freeSpins.multiplier)))));
    expect(literal).toEqual(slotRtp(tiny).rtp);
  });
});
