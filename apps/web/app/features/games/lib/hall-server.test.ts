/** The game hall's server data: the first screen's rows with their games, the rows below with their category only. */
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../../lib/api/client';
import { HALL_DRAWN_ROWS } from './hall';
import { loadGamehall } from './hall.server';

const CATEGORIES = ['popular', 'new', 'slots', 'jackpot', 'table', 'live', 'fast', 'instant', 'empty'];

const apiAnswering = (asked: string[]) =>
  createApiClient({
    locale: () => 'en',
    fetch: async (input) => {
      const url = new URL(input, 'http://localhost');
      const method = url.pathname.split('/').pop();
      const count = Number(url.searchParams.get('count'));
      if (method === 'games.get') asked.push(url.searchParams.get('category') ?? '');
      const data =
        method === 'games.getCategories'
          ? CATEGORIES.map((id, at) => ({
              id,
              name: id,
              image_url: '',
              priority: at,
              games_count: id === 'empty' ? 0 : 12,
            }))
          : method === 'games.get'
            ? { items: Array.from({ length: count }, (_, n) => ({ sysname: `g${n}` })), total: 12 }
            : [];
      return new Response(JSON.stringify({ data, error: null }), {
        headers: { 'content-type': 'application/json' },
      });
    },
  });

describe('the game hall’s first render', () => {
  it('sends the games of the first screen’s rows only; the rows below come with their category', async () => {
    const asked: string[] = [];
    const hall = await loadGamehall(apiAnswering(asked), new URLSearchParams());
    expect(asked).toEqual(CATEGORIES.slice(0, HALL_DRAWN_ROWS));
    expect(hall.rows.map((r) => r.category.id)).toEqual(CATEGORIES.slice(0, -1));
    expect(hall.rows.map((r) => r.games.length)).toEqual([12, 12, 12, 0, 0, 0, 0, 0]);
  });

  it('sends the items of a filtered hall', async () => {
    const asked: string[] = [];
    const hall = await loadGamehall(apiAnswering(asked), new URLSearchParams('category=slots&page=2'));
    expect(asked).toEqual(['slots']);
    expect(hall.items).toHaveLength(36);
    expect(hall.rows).toEqual([]);
  });
});
