/**
 * The page cache in front of the site (development build through Vite, PAGE_CACHE=1): a visitor's public page is
 * rendered once and then served kept, with a nonce of its own each time; a signed-in player's never; an operator's
 * settings change drops what was kept.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeOperator, signInOperator } from '../modules/backoffice/backoffice-test-helpers.ts';
import { signedInClient } from '../test/factories.ts';
import { createTestApp, type TTestApp } from '../test/test-app.ts';
import { isPageCacheOn, type TPageCache } from './page-cache.ts';

let t: TTestApp;
let cache: TPageCache;
beforeAll(async () => {
  t = await createTestApp({ env: { SERVE_WEB: '1', PAGE_CACHE: '1' } });
  cache = t.app.pageCache as TPageCache;
}, 120_000);
afterAll(() => t?.close());

const visit = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity', ...headers } });

const nonceOf = (html: string) => /<script nonce="([^"]+)"/.exec(html)?.[1];

describe('a visitor’s public pages', () => {
  it('renders the game hall once, then serves it kept with a fresh nonce matching its policy', async () => {
    const first = await visit('/gamehall?category=slots');
    expect(first.statusCode).toBe(200);
    const renders = cache.stats().renders;
    const second = await visit('/gamehall?category=slots');
    expect(second.statusCode).toBe(200);
    expect(second.headers['x-page-cache']).toBe('hit');
    expect(cache.stats().renders).toBe(renders);
    expect(second.headers['x-public-page']).toBeUndefined();
    const [a, b] = [nonceOf(first.body), nonceOf(second.body)];
    expect(a && b && a !== b).toBe(true);
    expect(second.body.replaceAll(b as string, a as string)).toBe(first.body);
    expect(second.headers['content-security-policy']).toContain(`'nonce-${b}'`);
  }, 120_000);

  it('keeps a page per query and per locale', async () => {
    await visit('/promotions');
    const renders = cache.stats().renders;
    expect((await visit('/ar/promotions')).headers['x-page-cache']).toBe('miss');
    expect((await visit('/promotions?x=1')).headers['x-page-cache']).toBe('miss');
    expect(cache.stats().renders).toBe(renders + 2);
    expect((await visit('/ar/promotions')).headers['x-page-cache']).toBe('hit');
  }, 120_000);

  it('renders again after 10 s', async () => {
    await visit('/winners');
    expect((await visit('/winners')).headers['x-page-cache']).toBe('hit');
    t.clock.advance(10_001);
    expect((await visit('/winners')).headers['x-page-cache']).toBe('miss');
  }, 120_000);

  it('compresses a kept page for the browser that asks', async () => {
    await visit('/providers');
    const brotli = await visit('/providers', { 'accept-encoding': 'gzip, br' });
    expect(brotli.headers['x-page-cache']).toBe('hit');
    expect(brotli.headers['content-encoding']).toBe('br');
  }, 120_000);

  it('never keeps an error page or a page that is not public', async () => {
    const renders = cache.stats().renders;
    for (const url of ['/no-such-page-here', '/no-such-page-here', '/cashier', '/cashier']) await visit(url);
    expect(cache.stats().renders).toBe(renders + 4);
  }, 120_000);
});

describe('a signed-in player', () => {
  it('is never served a kept page, nor kept', async () => {
    await visit('/tournaments');
    expect((await visit('/tournaments')).headers['x-page-cache']).toBe('hit');
    const { client } = await signedInClient(t.app);
    const stores = cache.stats().stores;
    for (let i = 0; i < 2; i += 1) {
      const page = await client.send({ method: 'GET', url: '/tournaments' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['x-page-cache']).toBeUndefined();
      expect(page.headers['cache-control']).toBe('no-store');
    }
    expect(cache.stats().stores).toBe(stores);
  }, 120_000);
});

describe('an operator’s settings change', () => {
  it('drops the kept pages: the next visitor sees the change', async () => {
    const admin = await signInOperator(t.app, t.clock, await makeOperator(t.app, 'admin'));
    const before = await visit('/');
    expect((await visit('/')).headers['x-page-cache']).toBe('hit');
    const page = await admin.get('/admin/settings/features');
    const flags = [...page.body.matchAll(/name="(\w+)" value="1" checked/g)].map((m) => m[1] ?? '');
    const form: Record<string, string> = { _form: 'flags' };
    for (const flag of flags) if (flag !== 'isLoyaltyEnable') form[flag] = '1';
    const saved = await admin.post('/admin/settings/features', form);
    expect(saved.headers.location).toBe('/admin/settings/features?ok=saved');
    const after = await visit('/');
    expect(after.headers['x-page-cache']).toBe('miss');
    // The site's own 10 s copy of the settings went too (followSettingsVersion): the page is not the one before.
    const withoutNonce = (html: string) => html.replaceAll(nonceOf(html) as string, '');
    expect(withoutNonce(after.body)).not.toBe(withoutNonce(before.body));
    expect((await visit('/')).headers['x-page-cache']).toBe('hit');
  }, 120_000);
});

describe('without the cache', () => {
  it('is off unless asked for outside production', () => {
    expect(isPageCacheOn({ NODE_ENV: 'test', PAGE_CACHE: undefined })).toBe(false);
    expect(isPageCacheOn({ NODE_ENV: 'production', PAGE_CACHE: undefined })).toBe(true);
    expect(isPageCacheOn({ NODE_ENV: 'production', PAGE_CACHE: false })).toBe(false);
  });
});
