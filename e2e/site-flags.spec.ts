/**
 * The §3 site flags an operator sets (issue 41), seen in Chromium: the betting notice, the loader with the
 * operator's logo and a percentage (game screen and a slow page), row titles that lead to their category, and sign-in
 * and sign-up as pages when the popup is off (1440 and 375 px, English and Arabic).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot, USER_AGENT } from './support/browser.ts';
import { E2E_SECRETS, freshDataDir, ROOT, startServer, type TServer } from './support/server.ts';

let server: TServer;
let browser: Browser;
let dataDir: string;

beforeAll(async () => {
  dataDir = freshDataDir('casino-flags-e2e-');
  const siteConfig = JSON.parse(readFileSync(join(ROOT, 'content/site-config.json'), 'utf8'));
  siteConfig.features.isVisibleNoticeBetting = true;
  siteConfig.features.isTitleClickable = true;
  siteConfig.loader = { showPercentProgress: true, loaderLogo: '/images/logo.svg', loaderLogoAlt: 'Casino' };
  siteConfig.popupFallback = { authPopupEnabled: false };
  const { DATABASE_URL: _db, ...env } = process.env;
  execFileSync(
    process.execPath,
    ['e2e/support/set-setting.ts', JSON.stringify({ 'site-config': siteConfig })],
    {
      cwd: ROOT,
      env: { ...env, ...E2E_SECRETS, DATA_DIR: dataDir },
      encoding: 'utf8',
    },
  );
  server = await startServer({ DATA_DIR: dataDir });
  browser = await launchBrowser();
}, 400_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const open = async (width: number) => {
  const context = await browser.newContext({ viewport: { width, height: 900 }, userAgent: USER_AGENT });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
};

/**
 * Whether the page loader's track contrasts (WCAG non-text, 3:1) with the demo strip under it, and its bar with the
 * track; a missing track or strip counts as no contrast.
 */
const loaderContrasts = (page: Page) =>
  page.evaluate(() => {
    // Through a canvas pixel: Tailwind's colours compute as oklch(), which a regex on rgb() would misread.
    const pixel = document.createElement('canvas').getContext('2d');
    const rgb = (el: Element | null): number[] => {
      if (!el || !pixel) return [];
      pixel.clearRect(0, 0, 1, 1);
      pixel.fillStyle = getComputedStyle(el).backgroundColor;
      pixel.fillRect(0, 0, 1, 1);
      return [...pixel.getImageData(0, 0, 1, 1).data.slice(0, 3)];
    };
    const luminance = ([r = 0, g = 0, b = 0]: number[]) => {
      const [lr = 0, lg = 0, lb = 0] = [r, g, b].map((c) => {
        const s = c / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * lr + 0.7152 * lg + 0.0722 * lb;
    };
    const ratio = (a: number[], b: number[]) => {
      if (a.length < 3 || b.length < 3) return 0;
      const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
      return (hi + 0.05) / (lo + 0.05);
    };
    const strip = rgb(document.querySelector('.demo-banner'));
    const track = rgb(document.querySelector('[data-testid="page-loader-track"]'));
    const bar = rgb(document.querySelector('[data-testid="page-loader-bar"]'));
    return { trackOnStrip: ratio(track, strip) >= 3, barOnTrack: ratio(bar, track) >= 3 };
  });

/** Holds every request matching `pattern` until `release()` (a slow network for what loads there). */
const hold = async (page: Page, pattern: RegExp) => {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(pattern, async (route) => {
    await gate;
    await route.continue();
  });
  return () => release();
};

describe('the operator’s site flags', () => {
  it('shows the betting notice at 1440 and in Arabic at 375', async () => {
    for (const [width, prefix] of [
      [1440, ''],
      [375, '/ar'],
    ] as const) {
      const { context, page, errors } = await open(width);
      await page.goto(`${server.url}${prefix}/betting`, { waitUntil: 'load' });
      const notice = page.getByTestId('betting-notice');
      await notice.waitFor();
      expect(await notice.getAttribute('role')).toBe('note');
      await screenshot(page, `flags-betting-notice-${width}${prefix.replace('/', '-')}`);
      expect(errors).toEqual([]);
      await context.close();
    }
  }, 120_000);

  it('loads a game behind the operator’s loader: logo and percentage', async () => {
    const { context, page, errors } = await open(1440);
    const release = await hold(page, /\/assets\/dice-screen-[^/]*\.js$/);
    await page.goto(`${server.url}/game/sparkrush_dice_duel`, { waitUntil: 'load' });
    const loader = page.getByTestId('game-stage').getByRole('progressbar');
    await loader.waitFor({ timeout: 20_000 });
    await page.waitForTimeout(700);
    expect(await loader.getByTestId('loader-logo').getAttribute('alt')).toBe('Casino');
    expect(await loader.getByTestId('loader-percent').textContent()).toMatch(/^[1-9]\d?%$/);
    await screenshot(page, 'flags-game-loader-1440');
    release();
    await page.getByTestId('game-stage').locator('[data-testid$="-screen"]').waitFor({ timeout: 20_000 });
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('shows the page loader on a slow navigation, and row titles lead to their category', async () => {
    const { context, page, errors } = await open(1440);
    // One category's icon fails to load: its chip shows the initial instead, named as before, no broken image.
    await page.route(/\/_ipx\/[^/]+\/.*slots[^/]*$/, (route) => route.fulfill({ status: 404, body: '' }));
    await page.goto(`${server.url}/gamehall`, { waitUntil: 'load' });
    const categories = page.getByRole('navigation', { name: 'Categories' });
    const slots = categories.getByRole('link', { name: 'Slots', exact: true });
    await slots.getByTestId('category-icon-fallback').waitFor({ timeout: 10_000 });
    expect(await slots.getByTestId('category-icon-fallback').textContent()).toBe('S');
    const broken = await categories
      .locator('img')
      .evaluateAll((imgs) => imgs.filter((img) => !(img as HTMLImageElement).naturalWidth).length);
    expect(broken).toBe(0);
    await screenshot(page, 'flags-category-icons-1440');
    const title = page.getByTestId('row-title-link').first();
    await title.waitFor();
    const href = (await title.getAttribute('href')) ?? '';
    expect(href).toMatch(/^\/gamehall\?category=/);
    // The next page's data waits: the page loader shows after its delay, then goes.
    const release = await hold(page, /\/gamehall\.data/);
    await title.click();
    await page.getByTestId('page-loader').waitFor({ timeout: 10_000 });
    expect(await page.getByTestId('page-loader').getByTestId('loader-percent').isVisible()).toBe(true);
    // The bar shows over the demo's amber strip: its track stands out from the strip, the bar from its track.
    expect(await loaderContrasts(page)).toEqual({ trackOnStrip: true, barOnTrack: true });
    await screenshot(page, 'flags-page-loader-1440');
    release();
    await page.waitForURL((url) => url.search.includes('category='));
    await page.getByTestId('page-loader').waitFor({ state: 'detached', timeout: 10_000 });
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('signs up on a page, not in a popup, when the operator turned the popup off (375, Arabic)', async () => {
    const { context, page, errors } = await open(375);
    await page.goto(`${server.url}/ar/`, { waitUntil: 'load' });
    await page.getByTestId('sign-up').click();
    await page.waitForURL((url) => url.pathname === '/ar/forms/sign_up');
    await page.locator('[data-embedded-form="sign_up"] [data-auth-view="registration"]').waitFor();
    expect(await page.locator('[role="dialog"]').count()).toBe(0);
    await page
      .locator('[data-embedded-form] a[href="/ar"], [data-embedded-form] a[href="/ar/"]')
      .first()
      .waitFor();
    await screenshot(page, 'flags-sign-up-page-375-ar');
    // A link with the popup's flag leads to the page too.
    await page.goto(`${server.url}/promotions?show_popup_auth=1`, { waitUntil: 'load' });
    await page.waitForURL((url) => url.pathname === '/forms/sign_in');
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
