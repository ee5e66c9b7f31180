/** The simulator's prices and settlements: the handicap markets (UOF 16 for goals, 223 for basketball). */
import { describe, expect, it } from 'vitest';
import { handicapLine, marketsFor, scoreTick, settlementFor, type TMatchState } from './sim-pricing.ts';

const match = (over: Partial<TMatchState> = {}): TMatchState => {
  const s: Omit<TMatchState, 'hcp'> = {
    model: 'goals',
    home: 1,
    away: 1,
    score: { home: 0, away: 0 },
    left: 1,
    perMatch: 2.6,
    ...over,
  };
  return { ...s, hcp: over.hcp ?? handicapLine(s) };
};

describe('the simulator handicap', () => {
  it('takes a half line around the goal difference the strengths expect', () => {
    expect(handicapLine(match())).toBe(-0.5);
    expect(handicapLine(match({ home: 1.5, away: 0.6 }))).toBe(-1.5);
    expect(handicapLine(match({ home: 2, away: 0.5 }))).toBe(-2.5);
    expect(handicapLine(match({ home: 0.5, away: 2 }))).toBe(1.5);
    expect(handicapLine(match({ home: 0.8, away: 1 }))).toBe(0.5);
  });

  it('prices both sides with the margin, and the side ahead on the line gets shorter as goals come', () => {
    const handicap = (s: TMatchState) => marketsFor(s, 6, 'football').find((m) => m.id === 16);
    const before = handicap(match());
    expect(before?.specifiers).toBe('hcp=-0.5');
    expect(before?.outcomes.map((o) => o.id)).toEqual(['1714', '1715']);
    const overround = (before?.outcomes ?? []).reduce((sum, o) => sum + 1 / o.odds, 0);
    expect(overround).toBeGreaterThan(1.05);
    expect(overround).toBeLessThan(1.08);
    const homeLeads = handicap(match({ score: { home: 1, away: 0 }, left: 0.5 }));
    expect(homeLeads?.specifiers).toBe('hcp=-0.5');
    expect(homeLeads?.outcomes[0]?.odds).toBeLessThan(before?.outcomes[0]?.odds ?? 0);
    // A price drift moves the prices, not the line the match was opened with.
    const drifted = handicap(match({ home: 1.2, away: 0.8, hcp: -0.5 }));
    expect(drifted?.specifiers).toBe('hcp=-0.5');
    expect(drifted?.outcomes[0]?.odds).toBeLessThan(before?.outcomes[0]?.odds ?? 0);
    expect(marketsFor(match(), 6, 'ice_hockey').map((m) => m.id)).toEqual([1, 16, 18]);
    expect(marketsFor(match(), 6, 'football').map((m) => m.id)).toEqual([1, 16, 18, 29]);
  });

  it('settles the home side at its line: a win by two covers -1.5, a win by one does not', () => {
    const strong = { home: 1.5, away: 0.6 };
    const result = (home: number, away: number) =>
      settlementFor({ ...match(strong), score: { home, away } }, 'football')
        .find((m) => m.id === 16)
        ?.outcomes.map((o) => [o.id, o.result]);
    expect(result(2, 0)).toEqual([
      ['1714', 1],
      ['1715', 0],
    ]);
    expect(result(2, 1)).toEqual([
      ['1714', 0],
      ['1715', 1],
    ]);
    expect(settlementFor({ ...match(strong), score: { home: 3, away: 0 } }, 'football')[1]?.specifiers).toBe(
      'hcp=-1.5',
    );
  });
});

describe('the simulator basketball handicap', () => {
  const game = match({ model: 'points', perMatch: 160 });

  it('takes a half line around the margin the strengths and the home court expect', () => {
    expect(game.hcp).toBe(-2.5);
    expect(handicapLine({ ...game, home: 1.5, away: 1 })).toBe(-9.5);
    expect(handicapLine({ ...game, model: 'sets' })).toBe(0);
  });

  it('prices both sides near evens on the line, with the margin', () => {
    const markets = marketsFor(game, 6, 'basketball');
    expect(markets.map((m) => m.id)).toEqual([219, 223, 225]);
    const handicap = markets[1];
    expect(handicap?.specifiers).toBe('hcp=-2.5');
    expect(handicap?.outcomes.map((o) => o.id)).toEqual(['1714', '1715']);
    for (const o of handicap?.outcomes ?? []) expect(o.odds).toBeGreaterThan(1.8);
    for (const o of handicap?.outcomes ?? []) expect(o.odds).toBeLessThan(1.95);
  });

  it('settles the home side at its line', () => {
    const result = (home: number, away: number) =>
      settlementFor({ ...game, score: { home, away } }, 'basketball')
        .find((m) => m.id === 223)
        ?.outcomes.map((o) => o.result);
    expect(result(80, 77)).toEqual([1, 0]);
    expect(result(80, 78)).toEqual([0, 1]);
    expect(result(70, 90)).toEqual([0, 1]);
  });
});

describe('the simulator live scores', () => {
  /** A small seeded generator (mulberry32), so the averages below are the same on every run. */
  const seeded = (seed: number) => () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
  /** Plays matches of 240 ticks (the demo's 8 minutes at one tick every 2 s); their mean final score. */
  const meanScore = (s: TMatchState, matches: number) => {
    const random = seeded(7);
    let home = 0;
    let away = 0;
    for (let m = 0; m < matches; m++) {
      let score = { home: 0, away: 0 };
      for (let tick = 0; tick < 240; tick++) score = scoreTick({ ...s, score }, 1 / 240, random);
      home += score.home;
      away += score.away;
    }
    return { home: home / matches, away: away / matches };
  };

  it('scores basketball points around the total and margin its prices expect', () => {
    const game = match({ model: 'points', perMatch: 210, home: 1.3, away: 1 });
    const { home, away } = meanScore(game, 200);
    const total = 210 * 1.15;
    expect(home + away).toBeGreaterThan(total * 0.97);
    expect(home + away).toBeLessThan(total * 1.03);
    const margin = 18 * Math.log(1.3) + 2.5;
    expect(home - away).toBeGreaterThan(margin - 2);
    expect(home - away).toBeLessThan(margin + 2);
  });

  it('scores goals at the rates of the goal markets, the home advantage included', () => {
    const { home, away } = meanScore(match({ perMatch: 2.6 }), 2_000);
    expect(home + away).toBeGreaterThan(2.6 * 0.93);
    expect(home + away).toBeLessThan(2.6 * 1.07);
    // Equal strengths: the prices expect 1.3 × 1.08 against 1.3 × 0.92, a difference of 0.21 goals a match.
    expect(home - away).toBeGreaterThan(0.1);
    expect(home - away).toBeLessThan(0.32);
  });
});
