/** Journeys of the site's frame: the access rule, right-to-left pages, 404, the signed-in header. */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, login, screenshot, USER_AGENT } from './support/browser.ts';
import { HOME_JS_BUDGET_KB, pageJavaScriptKb } from './support/page-weight.ts';
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

const VIEWPORTS = [
  { name: 'mobile', width: 375, height: 812 },
  { name: 'desktop', width: 1440, height: 900 },
];

describe('the site frame', () => {
  it(`loads at most ${HOME_JS_BUDGET_KB} KB of JavaScript (gzip) on the home page before hydration`, async () => {
    const js = await pageJavaScriptKb(`${server.url}/`);
    expect(js.files).toBeGreaterThan(2);
    expect(js.kb).toBeLessThanOrEqual(HOME_JS_BUDGET_KB);
  });

  it('sends a visitor from the cashier to the index with redirectUrl, with JavaScript off too', async () => {
    for (const javaScriptEnabled of [true, false]) {
      const context = await browser.newContext({ javaScriptEnabled, userAgent: USER_AGENT });
      const page = await context.newPage();
      const response = await page.goto(`${server.url}/cashier`);
      expect(response?.status()).toBe(200);
      const url = new URL(page.url());
      expect(url.pathname).toBe('/');
      expect(url.searchParams.get('redirectUrl')).toBe('/cashier');
      const deep = await page.goto(`${server.url}/es/profile/bets?x=1`);
      expect(deep?.ok()).toBe(true);
      const deepUrl = new URL(page.url());
      expect(deepUrl.pathname).toBe('/es');
      expect(deepUrl.searchParams.get('redirectUrl')).toBe('/es/profile/bets?x=1');
      await context.close();
    }
  });

  it('renders an ar page right-to-left with its own language', async () => {
    const context = await browser.newContext({ userAgent: USER_AGENT });
    const page = await context.newPage();
    await page.goto(`${server.url}/ar`);
    expect(await page.getAttribute('html', 'dir')).toBe('rtl');
    expect(await page.getAttribute('html', 'lang')).toBe('ar');
    const en = await context.newPage();
    await en.goto(`${server.url}/`);
    expect(await en.getAttribute('html', 'dir')).toBe('ltr');
    await context.close();
  });

  it('answers 404 Page not found for a route with no match', async () => {
    const context = await browser.newContext({ userAgent: USER_AGENT });
    const page = await context.newPage();
    const response = await page.goto(`${server.url}/no/such/page`);
    expect(response?.status()).toBe(404);
    await expect(page.locator('h1').first().textContent()).resolves.toBe('Page not found');
    await context.close();
    // Spec §8: bots get the status and no error page.
    const bot = await fetch(`${server.url}/no/such/page`, { headers: { 'user-agent': 'Googlebot/2.1' } });
    expect(bot.status).toBe(404);
    expect(await bot.text()).toBe('');
  });

  it('shows the signed-in header with the total balance and the cashier opens for a player', async () => {
    const context = await browser.newContext({ userAgent: USER_AGENT });
    await login(context, server.url);
    const page = await context.newPage();
    await page.goto(`${server.url}/`);
    await expect(page.getByTestId('balance').first().textContent()).resolves.toMatch(
      /^\$\d{1,3}(,\d{3})*\.\d{2}$/,
    );
    const response = await page.goto(`${server.url}/cashier`);
    expect(response?.ok()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/cashier/deposit');
    await context.close();
  });

  it('keeps the theme and locale choices in one-year cookies', async () => {
    const context = await browser.newContext({
      viewport: { width: 1440, height: 900 },
      userAgent: USER_AGENT,
    });
    const page = await context.newPage();
    await page.goto(`${server.url}/`);
    expect(await page.getAttribute('html', 'data-theme')).toBe('dark');
    await page.locator('header button[aria-label="Light"]').click();
    expect(await page.getAttribute('html', 'data-theme')).toBe('light');
    await page.locator('header select').selectOption('es');
    await page.waitForURL(`${server.url}/es`);
    const cookies = await context.cookies();
    const theme = cookies.find((c) => c.name === 'theme');
    const locale = cookies.find((c) => c.name === 'locale');
    expect(theme?.value).toBe('light');
    expect(locale?.value).toBe('es');
    const inAYear = Date.now() / 1000 + 31_536_000;
    expect(Math.abs((theme?.expires ?? 0) - inAYear)).toBeLessThan(120);
    await page.reload();
    expect(await page.getAttribute('html', 'data-theme')).toBe('light');
    await context.close();
  });

  it('takes screenshots of the home, 404 and ar pages at 375 and 1440 px', async () => {
    for (const viewport of VIEWPORTS) {
      const context = await browser.newContext({ viewport, deviceScaleFactor: 1, userAgent: USER_AGENT });
      const page = await context.newPage();
      await page.goto(`${server.url}/`, { waitUntil: 'networkidle' });
      await screenshot(page, `home-${viewport.width}`);
      await page.goto(`${server.url}/missing-page/deeper`, { waitUntil: 'networkidle' });
      await screenshot(page, `404-${viewport.width}`);
      await page.goto(`${server.url}/ar`, { waitUntil: 'networkidle' });
      await screenshot(page, `ar-${viewport.width}`);
      await context.close();
    }
  });
});
