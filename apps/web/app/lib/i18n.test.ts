import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserI18n, ensureNamespaces, FRAME_NAMESPACES, namespacesFor, onNamespacesLoaded } from './i18n';

describe('the namespaces of a page', () => {
  it('are the frame and the route for the listed routes, whatever the locale segment', () => {
    const home = namespacesFor(':lang?');
    expect(home).toEqual([...FRAME_NAMESPACES, 'home']);
    expect(namespacesFor('/:lang?')).toEqual(home);
    expect(namespacesFor(':lang?/gamehall')).toEqual([...FRAME_NAMESPACES, 'games']);
    expect(namespacesFor(':lang?/:slug')).toEqual([...FRAME_NAMESPACES]);
    expect(namespacesFor(':lang?', true)).toContain('profile');
  });

  it('are all of them for any other route', () => {
    expect(namespacesFor(':lang?/cashier/deposit')).toBeUndefined();
    expect(namespacesFor(':lang?/game/:sysname')).toBeUndefined();
    expect(namespacesFor(':lang?/*')).toBeUndefined();
  });
});

describe("the browser's i18n", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('loads a missing namespace once, for a read key or before a navigation, and tells the provider', async () => {
    const fetch = vi.fn(async (url: string) =>
      Response.json(
        url.includes('ns=games') ? { games: { hall: { new: 'Nuevos' } } } : { cashier: { x: 'y' } },
      ),
    );
    vi.stubGlobal('fetch', fetch);
    const loaded = vi.fn();
    const stop = onNamespacesLoaded(loaded);
    const i18n = browserI18n('xx', { header: { login: 'Entrar' } }, ['header', 'games', 'cashier']);
    expect(browserI18n('xx', {}, [])).toBe(i18n);
    expect(i18n.t('games.hall.new', { defaultValue: 'New' })).toBe('New');
    expect(i18n.t('games.hall.popular', { defaultValue: 'Popular' })).toBe('Popular');
    await ensureNamespaces(['games', 'header']);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]?.[0]).toBe('/nfx/i18n/messages/xx?ns=games');
    expect(i18n.t('games.hall.new')).toBe('Nuevos');
    expect(loaded).toHaveBeenCalledTimes(1);
    await ensureNamespaces('all');
    expect(fetch.mock.calls[1]?.[0]).toBe('/nfx/i18n/messages/xx?ns=cashier');
    await ensureNamespaces('all');
    expect(fetch).toHaveBeenCalledTimes(2);
    stop();
  });

  it('keeps the defaults when the messages cannot come, and does not ask again for every key', async () => {
    const fetch = vi.fn(async () => new Response('no', { status: 503 }));
    vi.stubGlobal('fetch', fetch);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const i18n = browserI18n('yy', {}, ['games']);
    expect(i18n.t('games.a', { defaultValue: 'A' })).toBe('A');
    await ensureNamespaces(['games']);
    expect(i18n.t('games.b', { defaultValue: 'B' })).toBe('B');
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});
