/**
 * The site's error reports in Chromium (docs/decisions/062): with SENTRY_DSN_PUBLIC set, the page loads the Sentry
 * SDK after hydration (its own chunk, never among the page's preloaded modules) and an uncaught error reaches a
 * local Sentry-compatible stand-in's envelope endpoint, its personal data scrubbed.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot, USER_AGENT } from './support/browser.ts';
import { startServer, type TServer } from './support/server.ts';

let server: TServer;
let browser: Browser;
let sentry: Server;
const envelopes: { path: string; body: string }[] = [];

beforeAll(async () => {
  // Sentry's ingest answers browsers from any origin (CORS); so does the stand-in.
  sentry = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method === 'POST')
        envelopes.push({ path: request.url ?? '', body: Buffer.concat(chunks).toString('utf8') });
      response
        .writeHead(200, {
          'access-control-allow-origin': '*',
          'access-control-allow-headers': '*',
          'content-type': 'application/json',
        })
        .end('{}');
    });
  });
  await new Promise<void>((resolve) => sentry.listen(0, '127.0.0.1', resolve));
  const { port } = sentry.address() as AddressInfo;
  server = await startServer({ SENTRY_DSN_PUBLIC: `http://sitekey@127.0.0.1:${port}/7` });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await new Promise((resolve) => sentry?.close(resolve));
});

describe('error reports from the site', () => {
  it('loads the SDK only after hydration and reports an uncaught error, scrubbed', async () => {
    const page = await browser.newPage({ userAgent: USER_AGENT });
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
    });
    const response = await page.goto(`${server.url}/?email=ann@example.com`, { waitUntil: 'networkidle' });
    const html = (await response?.text()) ?? '';
    // The SDK's chunk is not among what the page's HTML preloads: the home page's budget is untouched.
    expect(html).not.toMatch(/error-reporting-sentry/);
    await page.waitForFunction(() => Object.keys(document).some((k) => k.startsWith('__reactContainer')));
    await expect
      .poll(() => scripts.some((url) => /error-reporting-sentry/.test(url)), { timeout: 15_000 })
      .toBe(true);

    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('checkout failed for ann@example.com at 203.0.113.9 (token=abc123secret)');
      });
    });
    await expect.poll(() => envelopes.length, { timeout: 15_000 }).toBeGreaterThan(0);
    await screenshot(page, 'error-reporting-home');

    const envelope = envelopes[0] as { path: string; body: string };
    expect(envelope.path).toMatch(/^\/api\/7\/envelope\/\?.*sentry_key=sitekey/);
    const [, itemHeader, payload] = envelope.body.split('\n');
    expect(JSON.parse(itemHeader ?? '{}').type).toBe('event');
    const event = JSON.parse(payload ?? '{}');
    expect(event.exception.values[0].value).toBe('checkout failed for [email] at [ip] (token=[redacted])');
    // (The server's own address is an IP here: masked like any other.)
    expect(event.request.url).toMatch(/\/\?email=\[redacted\]$/);
    expect(event.breadcrumbs ?? []).toEqual([]);
    const all = JSON.stringify(event);
    for (const secret of ['ann@example.com', '203.0.113.9', 'abc123secret'])
      expect(all).not.toContain(secret);
  });
});
