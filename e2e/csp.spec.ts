/**
 * The Content-Security-Policy in a real browser: the production build hydrates every kind of page under its
 * nonce policy, with no violation reported (docs/decisions/009-csp-nonce.md).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, USER_AGENT } from './support/browser.ts';
import { startServer, type TServer } from './support/server.ts';

let server: TServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Opens a page, recording CSP violations (the DOM event and the console's report) until it settles. */
const visit = async (page: Page, path: string) => {
  const console: string[] = [];
  page.on('console', (message) => {
    if (/Content.Security.Policy|Refused to/i.test(message.text())) console.push(message.text());
  });
  await page.addInitScript(() => {
    const w = window as unknown as { cspViolations: string[] };
    w.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      w.cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  const response = await page.goto(`${server.url}${path}`, { waitUntil: 'networkidle' });
  const violations = await page.evaluate(
    () => (window as unknown as { cspViolations: string[] }).cspViolations,
  );
  return { response, console, violations };
};

/** React has hydrated the document when it has marked it as its root container. */
const isHydrated = (page: Page) =>
  page.waitForFunction(() => Object.keys(document).some((k) => k.startsWith('__reactContainer')), null, {
    timeout: 20_000,
  });

describe('CSP in Chromium', () => {
  for (const [name, path, ready] of [
    ['home', '/', null],
    ['game hall', '/gamehall', 'gamehall'],
    ['game page', '/game/moonmill_pharaohs_lantern', 'game-stage'],
  ] as const)
    it(`hydrates the ${name} with no violation`, async () => {
      const page = await browser.newPage({ userAgent: USER_AGENT });
      const { response, console, violations } = await visit(page, path);
      expect(response?.headers()['content-security-policy']).toMatch(
        /script-src 'nonce-[^']+' 'strict-dynamic'/,
      );
      await isHydrated(page);
      if (ready)
        await page.locator(`[data-testid="${ready}"][data-ready="true"]`).waitFor({ timeout: 20_000 });
      expect(violations).toEqual([]);
      expect(console).toEqual([]);
      await page.close();
    });

  it('shows the back-office sign-in with no violation', async () => {
    const page = await browser.newPage({ userAgent: USER_AGENT });
    const { response, console, violations } = await visit(page, '/admin/login');
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy']).toContain("default-src 'none'");
    expect(await page.locator('input[name="email"]').count()).toBe(1);
    expect(violations).toEqual([]);
    expect(console).toEqual([]);
    await page.close();
  });

  it('blocks an inline script without the nonce', async () => {
    const page = await browser.newPage({ userAgent: USER_AGENT });
    await visit(page, '/');
    const ran = await page.evaluate(() => {
      const script = document.createElement('div');
      script.innerHTML = '<img src="x" onerror="window.injected = true">';
      document.body.append(script);
      return new Promise((resolve) =>
        setTimeout(() => resolve((window as unknown as { injected?: boolean }).injected === true), 500),
      );
    });
    expect(ran).toBe(false);
    await page.close();
  });
});
