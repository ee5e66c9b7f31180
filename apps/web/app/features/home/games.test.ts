import { describe, expect, it } from 'vitest';
import type { TApiClient } from '../../lib/api/client';
import { loadGameRows } from './games';

const api = {
  get: async (name: string) => {
    if (name === 'games.getProviders')
      return [
        { sysname: 'moonmill', name: 'Moonmill Studio' },
        { sysname: 'velvet_table', name: 'Velvet Table' },
      ];
    return { items: [{ sysname: 'moon-slot', name: 'Moon Slot', provider: 'moonmill' }] };
  },
} as unknown as TApiClient;

describe('home rows', () => {
  it('name the provider as the hall does, not by its id', async () => {
    const rows = await loadGameRows(api, (id) => `/gamehall/${id}`);
    expect(rows[0]?.games[0]?.provider).toBe('Moonmill Studio');
  });

  it('show a vertical game by its horizontal art: a card is 3:2', async () => {
    const vertical = {
      get: async (name: string) =>
        name === 'games.get'
          ? {
              items: [
                {
                  sysname: 'grand-roulette',
                  name: 'Grand Roulette',
                  layout: 'vertical',
                  image_url: '/_ipx/f_webp,q_95,s_192x256/games/grand-roulette-vertical.svg',
                  description: { img_288_192: '/_ipx/f_webp,q_95,s_288x192/games/grand-roulette.svg' },
                },
                { sysname: 'plain', name: 'Plain', image_url: '/_ipx/f_webp,q_95,s_288x192/games/plain.svg' },
              ],
            }
          : name === 'games.getProviders'
            ? []
            : null,
    } as unknown as TApiClient;
    const rows = await loadGameRows(vertical, (id) => `/gamehall/${id}`);
    expect(rows[0]?.games.map((g) => g.image)).toEqual([
      '/_ipx/f_webp,q_95,s_288x192/games/grand-roulette.svg',
      '/_ipx/f_webp,q_95,s_288x192/games/plain.svg',
    ]);
  });
});

describe('home rows in the operator’s order', () => {
  const withCategories = (categories: unknown) =>
    ({
      get: async (name: string, params: { category?: string }) => {
        if (name === 'games.getProviders') return [];
        if (name === 'games.getCategories') return categories;
        return { items: [{ sysname: `${params.category}-game`, name: 'A game' }] };
      },
    }) as unknown as TApiClient;

  it('follow home_position, leave out categories without one, and title a new row by its category', async () => {
    const rows = await loadGameRows(
      withCategories([
        { id: 'popular', name: 'Popular', home_position: 2 },
        { id: 'new', name: 'New', home_position: null },
        { id: 'slots', name: 'Slots', home_position: 1 },
        { id: 'live', name: 'Live casino', home_position: 0 },
      ]),
      (id) => `/gamehall/${id}`,
    );
    expect(rows.map((r) => [r.id, r.title, r.to, r.games[0]?.sysname])).toEqual([
      ['live', 'Live casino', '/gamehall/live', 'live-game'],
      ['slots', 'Slots', '/gamehall/slots', 'slots-game'],
      ['popular', 'Popular', '/gamehall/popular', 'popular-game'],
    ]);
    // A seeded category keeps its translation; a renamed one shows the operator's name.
    expect(rows[1]?.titleKey).toBe('games.categories.slots');
    const renamed = await loadGameRows(
      withCategories([{ id: 'slots', name: 'Reels', home_position: 0 }]),
      (id) => `/gamehall/${id}`,
    );
    expect([renamed[0]?.titleKey, renamed[0]?.title]).toEqual(['', 'Reels']);
  });

  it('fall back to the default rows when the categories cannot be read', async () => {
    const rows = await loadGameRows(withCategories(null), (id) => `/gamehall/${id}`);
    expect(rows.map((r) => r.id)).toEqual(['popular', 'new', 'live']);
  });
});
