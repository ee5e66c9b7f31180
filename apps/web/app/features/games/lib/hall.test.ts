import { describe, expect, it } from 'vitest';
import {
  appendPage,
  firstRequestCount,
  GAMES_MAX_PAGE_SIZE,
  GAMES_PAGE_SIZE,
  hallSearch,
  maxPage,
  readHallState,
  tileImage,
  toggleProvider,
} from './hall';

const q = (s: string) => new URLSearchParams(s);

describe('game hall URL state', () => {
  it('shows category rows when nothing is filtered and items otherwise (spec §9 gamehall types)', () => {
    expect(readHallState(q('')).view).toBe('categories');
    expect(readHallState(q('category=slots'))).toMatchObject({
      view: 'items',
      category: 'slots',
      providers: [],
    });
    expect(readHallState(q('providers=a,%20b,,c'))).toMatchObject({
      view: 'items',
      providers: ['a', 'b', 'c'],
    });
  });

  it('pages by 18 and never asks for more than 300 in one request', () => {
    expect(GAMES_PAGE_SIZE).toBe(18);
    expect(GAMES_MAX_PAGE_SIZE).toBe(300);
    expect(firstRequestCount(1)).toBe(18);
    expect(firstRequestCount(3)).toBe(54);
    expect(firstRequestCount(100)).toBe(300);
    expect(maxPage()).toBe(16);
    expect(readHallState(q('category=x&page=999')).page).toBe(16);
    expect(readHallState(q('category=x&page=-4')).page).toBe(1);
    expect(readHallState(q('category=x&page=abc')).page).toBe(1);
  });

  it('writes providers joined by plain commas (spec §2) and leaves out empty parts', () => {
    expect(hallSearch({ providers: ['moonmill', 'copperfox'] })).toBe('?providers=moonmill,copperfox');
    expect(hallSearch({ category: 'new', page: 1 })).toBe('?category=new');
    expect(hallSearch({ category: 'new', page: 3 })).toBe('?category=new&page=3');
    expect(hallSearch({})).toBe('');
  });

  it('toggles a provider chip and appends pages without repeating a game', () => {
    expect(toggleProvider(['a'], 'b')).toEqual(['a', 'b']);
    expect(toggleProvider(['a', 'b'], 'a')).toEqual(['b']);
    const page = appendPage([{ sysname: 'x' }, { sysname: 'y' }], [{ sysname: 'y' }, { sysname: 'z' }]);
    expect(page.map((g) => g.sysname)).toEqual(['x', 'y', 'z']);
  });

  it('picks the horizontal or the vertical art with a 2× density', () => {
    const game = {
      sysname: 'g',
      layout: 'horizontal' as const,
      image_url: '/_ipx/f_webp,q_95,s_288x192/games/art/games/g.svg',
      description: { name: 'G', text: '', img_288_192: '/_ipx/f_webp,q_95,s_288x192/games/art/games/g.svg' },
    };
    expect(tileImage(game, 'horizontal')).toMatchObject({
      src: '/_ipx/f_webp,q_95,s_288x192/games/art/games/g.svg',
      srcSet: expect.stringContaining('/_ipx/f_webp,q_95,w_640/games/art/games/g.svg 640w'),
    });
    expect(tileImage(game, 'vertical')).toMatchObject({
      src: '/_ipx/f_webp,q_95,s_192x256/games/art/games/g-vertical.svg',
      srcSet: expect.stringContaining('/_ipx/f_webp,q_95,w_1536/games/art/games/g-vertical.svg 1536w'),
    });
    expect(tileImage({ sysname: 'none' }, 'horizontal')).toBeNull();
  });

  it("sizes a row's tile as the row draws it: 40% of a phone's width, not the grid's half", () => {
    const game = { sysname: 'g', image_url: '/_ipx/f_webp,q_95,s_288x192/games/art/games/g.svg' };
    expect(tileImage(game, 'horizontal')?.sizes).toMatch(/ 50vw$/);
    expect(tileImage(game, 'horizontal', true)?.sizes).toMatch(/ 40vw$/);
  });
});
