/** The offline page the service worker keeps, the edge rules the worker needs, and how its files are cached. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staticCacheControl } from '../../platform/web.ts';
import { createTestApp, type TTestApp } from '../../test/test-app.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('the offline page', () => {
  it('says it in every enabled locale, Arabic right to left, with no script', async () => {
    const r = await t.app.inject('/offline.html');
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/^text\/html/);
    expect(r.body).toContain('<section lang="en" dir="ltr">');
    expect(r.body).toContain('You are offline');
    expect(r.body).toContain('<section lang="ar" dir="rtl">');
    expect(r.body).toContain('أنت غير متصل بالإنترنت');
    expect(r.body).toContain('Sie sind offline');
    expect(r.body).not.toContain('<script');
  });

  it('lets our own origin run the service worker under the nonce policy', async () => {
    const csp = String((await t.app.inject('/offline.html')).headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'nonce-[^']+' 'strict-dynamic'/);
    expect(csp).toContain("worker-src 'self'");
  });
});

describe('the site files the worker depends on', () => {
  it('are revalidated after a deploy, while hashed assets stay immutable', () => {
    expect(staticCacheControl('/srv/web/build/client/sw.js')).toBe('no-cache');
    expect(staticCacheControl('/srv/web/build/client/latest-build.json')).toBe('no-cache');
    expect(staticCacheControl('/srv/web/build/client/manifest.webmanifest')).toBe('no-cache');
    expect(staticCacheControl('/srv/web/build/client/assets/site-abc.js')).toBe(
      'public, max-age=31536000, immutable',
    );
    expect(staticCacheControl('/srv/web/build/client/icons/icon-192.png')).toBe('public, max-age=3600');
  });
});
