/**
 * Issue 41 front fixes in a browser, at 375 and 1440 px, in English and Arabic: the home page's Crash banner shows
 * its art and its button. (The tile image fallback is not checked here: the home rows are server HTML that React
 * does not hydrate, so their <img> get no fallback yet; unit tests cover FallbackImg.)
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot, USER_AGENT } from './support/browser.ts';
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

const CASES = [
  { locale: 'en', prefix: '', width: 1440, height: 900 },
  { locale: 'ar', prefix: '/ar', width: 375, height: 667 },
] as const;

describe('home page front', () => {
  it.each(CASES)(
    '$locale at $width px: Crash banner art and button',
    async (c) => {
      const context = await browser.newContext({
        viewport: { width: c.width, height: c.height },
        userAgent: USER_AGENT,
      });
      const page = await context.newPage();
      await page.goto(`${server.url}${c.prefix}/`);
      const crash = page.getByTestId('hero-banner-crash');
      await crash.waitFor({ timeout: 20_000 });
      const art = crash.getByTestId('side-banner-art');
      expect(await art.count()).toBe(1);
      expect(await art.evaluate((el) => getComputedStyle(el).backgroundImage)).toContain('hero-crash');
      const button = crash.getByRole('link');
      expect(await button.isVisible()).toBe(true);
      expect(await button.getAttribute('href')).toMatch(/\/game\/sparkrush_rocket_rush$/);
      await crash.scrollIntoViewIfNeeded();
      await screenshot(page, `home-front-crash-${c.locale}-${c.width}`);

      await context.close();
    },
    90_000,
  );
});
