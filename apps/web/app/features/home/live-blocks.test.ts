/** The home page's live blocks read the public calls and keep each block apart: one failing call hides its block. */
import { describe, expect, it } from 'vitest';
import type { TApiClient } from '../../lib/api/client';
import { hasBlocks, NO_BLOCKS, readHomeBlocks } from './live-blocks';

const JACKPOT = {
  id: 3,
  name: 'Mega',
  currency: 'USD',
  amount: 1234.5,
  amount_exact: '1234.501234',
  tiers: [{ id: 1 }],
};
const WIN = {
  round_id: 'r1',
  player: 'jo***',
  sysname: 'moon-slot',
  game_name: 'Moon Slot',
  bet: 1,
  win: 250,
  multiplier: 250,
  currency: 'USD',
  created_at: '2026-11-29T10:00:00Z',
};
const market = (status = 1) => ({
  id: 1,
  specifiers: '',
  name: '1x2',
  status,
  outcomes: [
    { id: '1', name: 'Home', odds: 1.8, active: true },
    { id: '2', name: 'Draw', odds: 3.4, active: true },
    { id: '3', name: 'Away', odds: 4.2, active: false },
  ],
});
const event = (id: string, status: string, main = market()) => ({
  id,
  sport: 'soccer',
  tournament: 'Premier League',
  competitors: [
    { id: 'a', name: 'Reds' },
    { id: 'b', name: 'Blues' },
  ],
  start_time: '2026-11-30T15:00:00Z',
  status,
  score: status === 'live' ? { home: 1, away: 0 } : null,
  main_market: main,
});

type TAnswers = Record<string, (params: Record<string, unknown>) => unknown>;
const apiOf = (answers: TAnswers) =>
  ({
    get: async (name: string, params: Record<string, unknown>) => {
      const answer = answers[name];
      if (!answer) throw new Error(`no ${name}`);
      return answer(params);
    },
  }) as unknown as TApiClient;

const everything: TAnswers = {
  'Jackpots.get': () => [JACKPOT, { ...JACKPOT, id: 4, tiers: [] }],
  'tournaments.get': (p) =>
    p.status === 'active'
      ? {
          items: [
            {
              id: 9,
              title: 'Weekend race',
              status: 'active',
              ends_at: '2026-12-01T00:00:00Z',
              total_prize: 5000,
              currency: 'USD',
            },
          ],
        }
      : { items: [] },
  'leaderboard.live': () => [WIN, { ...WIN, round_id: 'r2', win: 0 }],
  'sportsbook.getEvents': () => ({
    items: [
      event('e1', 'live'),
      event('e2', 'not_started', market(-1)),
      event('e3', 'not_started'),
      event('e4', 'ended'),
    ],
  }),
};

describe('the home blocks', () => {
  it('carry the real pools, the running tournament, the masked winners and open events with their prices', async () => {
    const blocks = await readHomeBlocks(apiOf(everything));
    expect(blocks.jackpots).toEqual([{ id: 3, name: 'Mega', amount: '1234.501234', currency: 'USD' }]);
    expect(blocks.tournament).toEqual({
      id: 9,
      title: 'Weekend race',
      status: 'active',
      until: '2026-12-01T00:00:00Z',
      prize: 5000,
      currency: 'USD',
    });
    expect(blocks.winners).toEqual([
      { id: 'r1', player: 'jo***', sysname: 'moon-slot', game: 'Moon Slot', win: 250, currency: 'USD' },
    ]);
    // A suspended market and an ended match are left out; an inactive outcome is not offered.
    expect(blocks.events.map((e) => [e.id, e.live, e.score])).toEqual([
      ['e1', true, '1:0'],
      ['e3', false, null],
    ]);
    expect(blocks.events[0]?.outcomes.map((o) => o.name)).toEqual(['Home', 'Draw']);
  });

  it('show the next tournament when none runs', async () => {
    const blocks = await readHomeBlocks(
      apiOf({
        ...everything,
        'tournaments.get': (p) => ({
          items:
            p.status === 'future'
              ? [
                  {
                    id: 10,
                    title: 'Next',
                    status: 'future',
                    starts_at: '2026-12-02T00:00:00Z',
                    total_prize: 100,
                  },
                ]
              : [],
        }),
      }),
    );
    expect(blocks.tournament).toMatchObject({ id: 10, status: 'future', until: '2026-12-02T00:00:00Z' });
  });

  it('leave out the block whose call fails, and keep the others', async () => {
    const blocks = await readHomeBlocks(
      apiOf({ 'leaderboard.live': everything['leaderboard.live'] as never }),
    );
    expect(blocks).toEqual({ ...NO_BLOCKS, winners: [expect.objectContaining({ id: 'r1' })] });
    expect(hasBlocks(blocks)).toBe(true);
    expect(hasBlocks(await readHomeBlocks(apiOf({})))).toBe(false);
  });
});
