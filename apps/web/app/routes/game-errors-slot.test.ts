import { RouterContextProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { siteContext } from '../lib/site/site.server';
import { loader as gameLoader } from './game';
import { loader as platformLoader } from './platform-game';

/** A site whose API answers `games.get` with `games` (or fails), everything else with an empty answer. */
const contextWith = (games: () => Promise<unknown>) => {
  const context = new RouterContextProvider();
  const get = vi.fn(async (name: string) => (name === 'games.get' ? games() : { items: [] }));
  context.set(siteContext, { api: { get }, locale: 'en', account: null, cms: { flags: {} } } as never);
  return context;
};
const caught = async (run: () => Promise<unknown>) => {
  try {
    await run();
  } catch (error) {
    return error;
  }
  return undefined;
};

describe('a game that fails to load shows the errors-slot page (spec §8)', () => {
  it('/game/{sysname}: the API failing is errors-slot (503), an unknown game stays not-found (404)', async () => {
    const args = (context: RouterContextProvider) =>
      ({ context, params: { sysname: 'dice' }, request: new Request('http://site.test/game/dice') }) as never;
    expect(
      await caught(() => gameLoader(args(contextWith(async () => Promise.reject(new Error('502')))))),
    ).toMatchObject({ init: { status: 503 }, data: { page: 'errors-slot' } });
    expect(await caught(() => gameLoader(args(contextWith(async () => ({ items: [] })))))).toMatchObject({
      init: { status: 404 },
      data: { page: 'not-found' },
    });
  });

  it('/platform/game/…: the same', async () => {
    const args = (context: RouterContextProvider) =>
      ({
        context,
        params: { '*': 'dice/demo' },
        request: new Request('http://site.test/platform/game/dice/demo'),
      }) as never;
    expect(
      await caught(() => platformLoader(args(contextWith(async () => Promise.reject(new Error('502')))))),
    ).toMatchObject({ init: { status: 503 }, data: { page: 'errors-slot' } });
  });
});
