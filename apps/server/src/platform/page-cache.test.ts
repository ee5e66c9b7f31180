/** The page cache itself: freshness, the settings version, one render per burst, its size bound, its key. */
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { memoryBus } from './bus.ts';
import { createPageCache, cutAtNonce, PAGES_CHANGED, pageCacheKey } from './page-cache.ts';

const page = (html: string) => ({ status: 200, headers: { 'content-type': 'text/html' }, parts: [html] });

const setup = (options: { maxBytes?: number } = {}) => {
  let now = 0;
  const bus = memoryBus();
  const cache = createPageCache({ bus, now: () => now, ...options });
  return { cache, bus, advance: (ms: number) => (now += ms) };
};

const request = (url: string, headers: Record<string, string> = {}, cookies: Record<string, string> = {}) =>
  ({
    method: 'GET',
    url,
    protocol: 'http',
    headers: { host: 'casino.test', ...headers },
    cookies,
  }) as unknown as FastifyRequest;

describe('the page cache', () => {
  it('serves a page for 10 s, then no more', () => {
    const { cache, advance } = setup();
    cache.set('k', page('<p>a</p>'), cache.version);
    advance(9_999);
    expect(cache.get('k')?.parts).toEqual(['<p>a</p>']);
    advance(1);
    expect(cache.get('k')).toBeUndefined();
  });

  it('drops everything when the settings version moves, here or on another instance (the bus)', async () => {
    const { cache, bus } = setup();
    cache.set('k', page('a'), cache.version);
    await cache.invalidate();
    expect(cache.get('k')).toBeUndefined();
    expect(cache.version).toBe(1);
    cache.set('k', page('b'), cache.version);
    await bus.publish(PAGES_CHANGED, { from: 'another instance' });
    expect(cache.get('k')).toBeUndefined();
    expect(cache.version).toBe(2);
  });

  it('skips its own change when the bus brings it back (Redis echoes to the sender)', async () => {
    const { cache, bus } = setup();
    const echoes: unknown[] = [];
    bus.subscribe((event) => echoes.push(event.payload));
    await cache.invalidate();
    cache.set('k', page('fresh'), cache.version);
    await bus.publish(PAGES_CHANGED, echoes[0]);
    expect(cache.get('k')?.parts).toEqual(['fresh']);
  });

  it('drops another instance’s pages through the bus they share, not its own fresh ones', async () => {
    const bus = memoryBus();
    const [one, two] = [0, 1].map(() => createPageCache({ bus, now: () => 0 }));
    two?.set('k', page('two'), two.version);
    await one?.invalidate();
    one?.set('k', page('one, after the change'), one.version);
    expect(two?.get('k')).toBeUndefined();
    expect(one?.get('k')?.parts).toEqual(['one, after the change']);
  });

  it('does not keep a page whose render began before a change', async () => {
    const { cache } = setup();
    const began = cache.version;
    await cache.invalidate();
    cache.set('k', page('stale'), began);
    expect(cache.get('k')).toBeUndefined();
  });

  it('lets concurrent misses wait for the first render of their key', async () => {
    const { cache } = setup();
    const end = cache.begin('k');
    expect(cache.begin('k')).not.toBe(end);
    let waited = false;
    const waiting = cache.wait('k').then(() => {
      waited = true;
    });
    await Promise.resolve();
    expect(waited).toBe(false);
    cache.set('k', page('a'), cache.version);
    end();
    await waiting;
    expect(cache.get('k')?.parts).toEqual(['a']);
  });

  it('stays within its size, the least recently used page going first', () => {
    const { cache } = setup({ maxBytes: 8 * 200 });
    for (const key of ['a', 'b', 'c']) cache.set(key, page('x'.repeat(100)), cache.version);
    cache.get('a');
    for (const key of ['d', 'e', 'f', 'g', 'h', 'i', 'j'])
      cache.set(key, page('x'.repeat(100)), cache.version);
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('b')).toBeUndefined();
    expect(cache.stats().bytes).toBeLessThanOrEqual(8 * 200);
  });

  it('cuts a page at its nonce so a hit carries its own', () => {
    expect(cutAtNonce('<script nonce="N+/=">1</script><style nonce="N+/=">', 'N+/=').join('fresh')).toBe(
      '<script nonce="fresh">1</script><style nonce="fresh">',
    );
  });
});

describe('the key of a page request', () => {
  it('is none for a signed-in player, a marketing pause, a form post or loader data', () => {
    expect(pageCacheKey(request('/gamehall', {}, { sid: 'x' }))).toBeNull();
    expect(pageCacheKey(request('/gamehall', {}, { rg_pause: '1' }))).toBeNull();
    expect(pageCacheKey({ ...request('/gamehall'), method: 'POST' } as FastifyRequest)).toBeNull();
    expect(pageCacheKey(request('/gamehall.data?_routes=gamehall'))).toBeNull();
    expect(pageCacheKey(request('/gamehall', {}, { vid: 'x' }))).not.toBeNull();
  });

  it('varies by address, path and query, theme and bot, and on the bare index by the locale wishes', () => {
    const base = pageCacheKey(request('/gamehall'));
    for (const other of [
      request('/gamehall?category=slots'),
      request('/ar/gamehall'),
      request('/gamehall', { host: 'other.test' }),
      request('/gamehall', { 'x-forwarded-proto': 'https' }),
      request('/gamehall', {}, { theme: 'light' }),
      request('/gamehall', { 'user-agent': 'Googlebot/2.1' }),
    ])
      expect(pageCacheKey(other)).not.toBe(base);
    expect(pageCacheKey(request('/gamehall', { 'accept-language': 'de' }))).toBe(base);
    expect(pageCacheKey(request('/', { 'accept-language': 'de' }))).not.toBe(pageCacheKey(request('/')));
    expect(pageCacheKey(request('/', {}, { locale: 'de' }))).not.toBe(pageCacheKey(request('/')));
  });
});
