import { describe, expect, it } from 'vitest';
import { competitionsOf, type TCompetitionIndex, toCompetitionIndex } from './game-badges';

const index: TCompetitionIndex = toCompetitionIndex(
  [
    {
      id: 1,
      title: 'Dice cup',
      games: ['dice_duel'],
      restrictions: {
        countries: [],
        currency: 'USD',
        opt_in: true,
        game_kinds: [],
        providers: [],
        entry_fee: 0,
      },
    },
    {
      id: 2,
      title: 'Studio week',
      games: [],
      restrictions: {
        countries: [],
        currency: 'USD',
        opt_in: false,
        game_kinds: ['slot'],
        providers: ['copperfox'],
        entry_fee: 0,
      },
    },
  ],
  [
    {
      id: 7,
      name: 'Mega',
      currency: 'USD',
      image_url: null,
      min_bet: 0,
      games: [],
      game_kinds: ['fast'],
      amount: 12.5,
      amount_exact: '12.500000',
      tiers: [],
    },
    {
      id: 8,
      name: 'All but dice',
      currency: 'USD',
      image_url: null,
      min_bet: 0,
      games: [],
      game_kinds: [],
      excluded_games: ['dice_duel'],
      amount: 1,
      amount_exact: '1.000000',
      tiers: [],
    },
  ],
);

describe('competition badges', () => {
  it('a named game counts for its tournament; a fast game feeds the fast-only jackpot', () => {
    const found = competitionsOf(index, { sysname: 'dice_duel', provider: 'sparkrush', type: 'fast' });
    expect(found.tournaments.map((t) => t.id)).toEqual([1]);
    expect(found.jackpots.map((j) => j.id)).toEqual([7]);
  });

  it('a game switched off for a jackpot shows no badge of it', () => {
    const crash = competitionsOf(index, { sysname: 'crash', provider: 'sparkrush', type: 'fast' });
    expect(crash.jackpots.map((j) => j.id)).toEqual([7, 8]);
  });

  it("a studio's slot counts for the tournament by provider; its other kinds and other studios do not", () => {
    expect(
      competitionsOf(index, { sysname: 'cherry', provider: 'copperfox', type: 'slot' }).tournaments.map(
        (t) => t.id,
      ),
    ).toEqual([2]);
    expect(
      competitionsOf(index, { sysname: 'roulette', provider: 'copperfox', type: 'casino' }).tournaments,
    ).toEqual([]);
    const other = competitionsOf(index, { sysname: 'star', provider: 'moonmill', type: 'slot' });
    expect([other.tournaments, other.jackpots.map((j) => j.id)]).toEqual([[], [8]]);
  });

  it('a tournament naming nothing counts every game', () => {
    const open = toCompetitionIndex([{ id: 3, title: 'All in', games: [] }], []);
    expect(
      competitionsOf(open, { sysname: 'x', provider: 'y', type: 'live' }).tournaments.map((t) => t.id),
    ).toEqual([3]);
  });
});
