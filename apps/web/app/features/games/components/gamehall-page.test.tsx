import { act, fireEvent, screen, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithSite } from '../../../lib/test/render-with-site';
import { GamehallPage, type TGamehallData } from './gamehall-page';

/** IntersectionObserver by hand: the test says which observed rows show, with or without the look-ahead margin. */
class FakeObserver {
  static all: FakeObserver[] = [];
  targets: Element[] = [];
  readonly callback: IntersectionObserverCallback;
  readonly options: IntersectionObserverInit;
  constructor(callback: IntersectionObserverCallback, options: IntersectionObserverInit = {}) {
    this.callback = callback;
    this.options = options;
    FakeObserver.all.push(this);
  }
  observe(target: Element) {
    this.targets.push(target);
  }
  disconnect() {
    this.targets = [];
  }
  unobserve() {}
  takeRecords() {
    return [];
  }
}

/** Tells the observers watching `row` with this margin that it intersects. */
const intersect = (row: string, rootMargin: string) =>
  act(() => {
    for (const observer of FakeObserver.all) {
      const target = observer.targets.find((t) => t.getAttribute('data-testid') === `hall-row-${row}`);
      if (target && (observer.options.rootMargin ?? '0px') === rootMargin)
        observer.callback(
          [{ target, isIntersecting: true } as IntersectionObserverEntry],
          observer as unknown as IntersectionObserver,
        );
    }
  });

const ROWS = ['popular', 'new', 'slots', 'jackpot', 'table'];
const data: TGamehallData = {
  categories: ROWS.map((id, at) => ({ id, name: id, image_url: '', priority: at, games_count: 12 })),
  providers: [],
  rows: ROWS.map((id, at) => ({
    category: { id, name: id, image_url: '', priority: at, games_count: 12 },
    games: Array.from({ length: 12 }, (_, n) => ({ sysname: `${id}_${n}`, name: `${id} ${n}` })),
  })),
  items: [],
  total: 0,
  layout: 'horizontal',
};

const renderHall = (hall: TGamehallData = data) => {
  const router = createMemoryRouter([{ path: '/gamehall', element: <GamehallPage data={hall} /> }], {
    initialEntries: ['/gamehall'],
  });
  renderWithSite(router);
};

const tiles = (row: string) => within(screen.getByTestId(`hall-row-${row}`)).queryAllByTestId('game-tile');

describe('game hall rows', () => {
  beforeEach(() => {
    FakeObserver.all = [];
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ data: { uid: 0 }, error: null }))),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('draws the first screen (three rows, seven tiles each) and the rest once the player scrolls', async () => {
    renderHall();
    for (const row of ['popular', 'new', 'slots']) expect(tiles(row)).toHaveLength(7);
    expect(tiles('jackpot')).toHaveLength(0);
    const below = screen.getByTestId('hall-row-jackpot').querySelector('.gm-row');
    expect(below?.getAttribute('aria-busy')).toBe('true');
    // A row below that is within a screen does not count before the player uses the page.
    intersect('jackpot', '100% 0px');
    expect(tiles('jackpot')).toHaveLength(0);

    fireEvent.scroll(window);
    await vi.waitFor(() => expect(tiles('popular')).toHaveLength(12));
    expect(tiles('jackpot')).toHaveLength(0);
    intersect('jackpot', '100% 0px');
    await vi.waitFor(() => expect(tiles('jackpot')).toHaveLength(12));
    expect(below?.hasAttribute('aria-busy')).toBe(false);
    expect(tiles('table')).toHaveLength(0);
  });

  it('draws a row below as soon as it shows, and all of a row a keyboard focus reaches', async () => {
    renderHall();
    intersect('jackpot', '0px');
    await vi.waitFor(() => expect(tiles('jackpot')).toHaveLength(7));
    act(() => screen.getByTestId('hall-row-table').querySelector('a')?.focus());
    expect(tiles('table')).toHaveLength(12);
  });

  it('asks for the games of a row below, which the server sends without them, once it nears or takes the focus', async () => {
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = new URL(String(input), 'http://localhost');
        if (!url.pathname.endsWith('/games.get'))
          return new Response(JSON.stringify({ data: { uid: 0 }, error: null }));
        const category = url.searchParams.get('category') ?? '';
        asked.push(`${category}:${url.searchParams.get('count')}`);
        const items = Array.from({ length: 12 }, (_, n) => ({
          sysname: `${category}_${n}`,
          name: `${category} ${n}`,
        }));
        return new Response(JSON.stringify({ data: { items, total: 12 }, error: null }));
      }),
    );
    renderHall({ ...data, rows: data.rows.map((row, at) => (at < 3 ? row : { ...row, games: [] })) });
    for (const row of ['popular', 'new', 'slots']) expect(tiles(row)).toHaveLength(7);
    const below = screen.getByTestId('hall-row-jackpot').querySelector('.gm-row');
    expect(below?.getAttribute('aria-busy')).toBe('true');
    expect(below?.children).toHaveLength(7);
    expect(asked).toEqual([]);

    intersect('jackpot', '0px');
    await vi.waitFor(() => expect(tiles('jackpot')).toHaveLength(7));
    expect(asked).toEqual(['jackpot:12']);

    act(() => screen.getByTestId('hall-row-table').querySelector('a')?.focus());
    await vi.waitFor(() => expect(tiles('table')).toHaveLength(12));
    expect(asked).toEqual(['jackpot:12', 'table:12']);
  });

  it('offers to try again when a row below could not get its games', async () => {
    let failing = true;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = new URL(String(input), 'http://localhost');
        if (!url.pathname.endsWith('/games.get'))
          return new Response(JSON.stringify({ data: { uid: 0 }, error: null }));
        if (failing)
          return new Response(
            JSON.stringify({ data: null, error: { type: 'InternalServerErrorException', error_data: {} } }),
            { status: 500 },
          );
        const items = [{ sysname: 'table_0', name: 'table 0' }];
        return new Response(JSON.stringify({ data: { items, total: 1 }, error: null }));
      }),
    );
    renderHall({ ...data, rows: data.rows.map((row, at) => (at < 3 ? row : { ...row, games: [] })) });
    intersect('table', '0px');
    const row = screen.getByTestId('hall-row-table');
    const retry = await vi.waitFor(() => within(row).getByRole('button', { name: 'Try again' }));
    expect(within(row).getByRole('alert')).toBeTruthy();
    failing = false;
    fireEvent.click(retry);
    await vi.waitFor(() => expect(tiles('table')).toHaveLength(1));
  });
});
