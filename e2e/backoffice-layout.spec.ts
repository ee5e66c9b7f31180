/**
 * Issue 40: the back-office's wide tables at 1440 and 1280 px (the player list's KYC and Marks columns, a player's
 * Sessions) fit their card or scroll inside it with the first column in sight, never past the page; and the SEO that
 * reaches every public page on the production build: each page's title, description, canonical and Open Graph tags in
 * the server's HTML (two locales), robots.txt and the pages' robots tag and share image following a save of the
 * Robots and SEO forms within the settings' 10 s. Screenshots: e2e/screenshots/bo-layout-*.png.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackofficeJourney } from './support/backoffice-journey.ts';
import { login, screenshot, USER_AGENT } from './support/browser.ts';
import { signedInTab, type TOperatorLogin } from './support/operator.ts';
import type { TServer } from './support/server.ts';

let server: TServer;
let browser: Browser;
let operator: TOperatorLogin;
let stop = async () => {};
/** The admin's page, signed in once (a TOTP code is good for one sign-in). */
let admin: Page;

beforeAll(async () => {
  ({ server, browser, operator, stop } = await startBackofficeJourney({
    dataDirPrefix: 'casino-bo-layout-e2e-',
    email: 'layout-e2e@example.com',
    role: 'admin',
  }));
  ({ page: admin } = await signedInTab(browser, server.url, operator));
}, 300_000);

afterAll(() => stop());

/** The page never scrolls sideways: wide content scrolls inside its own box. */
const pageOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** Where a table's last header ends against its scroll box, and whether the box scrolls with a sticky first column. */
const tableFit = (page: Page, tableSelector: string) =>
  page.evaluate((selector) => {
    const table = document.querySelector(selector);
    const wrap = table?.closest('.table-wrap');
    if (!table || !wrap) return null;
    const last = table.querySelector('thead th:last-child');
    const first = table.querySelector('thead th:first-child');
    return {
      lastRight: Math.round(last?.getBoundingClientRect().right ?? 0),
      wrapRight: Math.round(wrap.getBoundingClientRect().right),
      scrolls: wrap.scrollWidth > wrap.clientWidth,
      stickyFirst: first ? getComputedStyle(first).position === 'sticky' : false,
    };
  }, tableSelector);

const headOf = async (path: string) => {
  const response = await fetch(`${server.url}${path}`, { headers: { 'user-agent': USER_AGENT } });
  expect([path, response.status]).toEqual([path, 200]);
  const html = await response.text();
  return html.slice(0, html.indexOf('</head>'));
};
const metaContent = (head: string, attr: 'name' | 'property', key: string) =>
  new RegExp(`<meta ${attr}="${key}" content="([^"]*)"`).exec(head)?.[1];

describe('the back-office at 1440 and 1280 px', () => {
  it('fits the player list and a player’s sessions in their cards, or scrolls them inside', {
    timeout: 240_000,
  }, async () => {
    const players = await browser.newContext({ userAgent: USER_AGENT });
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await login(players, server.url));
    await players.close();

    const page = admin;
    // The last one registered keeps its session (a sign-up in the same browser ends the previous player's). Marks to
    // show in the list: two tags on it.
    const player = made[2]?.email ?? '';
    await page.goto(`${server.url}/admin/players?q=${encodeURIComponent(player)}`);
    await page
      .getByRole('table', { name: 'Players' })
      .locator('tbody')
      .getByRole('link', { name: player })
      .click();
    for (const tag of ['vip-high-roller', 'e2e-layout-check']) {
      await page.getByLabel('Tag', { exact: true }).fill(tag);
      await page.getByRole('button', { name: 'Add tag' }).click();
      await page.getByText('Tag added.').waitFor();
    }
    for (const width of [1440, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${server.url}/admin/players`);
      await page.getByRole('heading', { name: /\d+ players?/ }).waitFor();
      expect([width, await pageOverflow(page)]).toEqual([width, 0]);
      const list = await tableFit(page, 'table[aria-label="Players"]');
      // At 1440 every column (KYC, Marks) shows without scrolling; narrower, the card scrolls with the id in sight.
      if (width === 1440) expect(list?.lastRight).toBeLessThanOrEqual(list?.wrapRight ?? 0);
      else
        expect(list && (list.lastRight <= list.wrapRight || (list.scrolls && list.stickyFirst))).toBe(true);
      expect(list?.stickyFirst).toBe(true);
      await screenshot(page, `bo-layout-players-${width}`);

      await page
        .getByRole('table', { name: 'Players' })
        .locator('tbody')
        .getByRole('link', { name: player })
        .click();
      await page.getByRole('heading', { name: /^Sessions/ }).waitFor();
      expect([width, 'player', await pageOverflow(page)]).toEqual([width, 'player', 0]);
      await screenshot(page, `bo-layout-player-${width}`);
      const sessions = await tableFit(page, '[aria-labelledby="sessions-title"] table');
      // The sessions card is a third of the page: its browser column wraps so the table fits it.
      expect([width, sessions && sessions.lastRight <= sessions.wrapRight]).toEqual([width, true]);
    }
  });
});

describe('SEO on every public page (production build)', () => {
  it('server-renders each page’s title, description, canonical and Open Graph tags, in two locales', {
    timeout: 120_000,
  }, async () => {
    const hall = await (await fetch(`${server.url}/gamehall`)).text();
    const game = /href="\/game\/([\w-]+)"/.exec(hall)?.[1];
    expect(game).toBeTruthy();
    for (const path of [
      '/',
      `/game/${game}`,
      '/promotions',
      '/betting',
      '/loyalty',
      '/tournaments',
      '/de/promotions',
      '/de/tournaments',
    ]) {
      const head = await headOf(path);
      const tags = {
        title: /<title>([^<]+)<\/title>/.exec(head)?.[1],
        description: metaContent(head, 'name', 'description'),
        ogTitle: metaContent(head, 'property', 'og:title'),
        ogDescription: metaContent(head, 'property', 'og:description'),
        ogImage: metaContent(head, 'property', 'og:image'),
        ogUrl: metaContent(head, 'property', 'og:url'),
        canonical: /<link rel="canonical" href="([^"]+)"/.exec(head)?.[1],
      };
      expect([path, tags.ogTitle]).toEqual([path, tags.title]);
      expect([path, tags.ogDescription]).toEqual([path, tags.description]);
      expect([path, (tags.description ?? '').length > 20]).toEqual([path, true]);
      expect([path, tags.ogImage]).toEqual([path, expect.stringMatching(/^https?:\/\/\S+$/)]);
      expect([path, tags.canonical]).toEqual([path, `${server.url}${path === '/' ? '/' : path}`]);
      expect([path, tags.ogUrl]).toEqual([path, tags.canonical]);
    }
    // Each page says its own thing; German pages in German.
    const promotions = await headOf('/promotions');
    expect(metaContent(promotions, 'name', 'description')).toContain('promo codes');
    const dePromotions = await headOf('/de/promotions');
    expect(metaContent(dePromotions, 'name', 'description')).toContain('Promo-Codes');
    expect(metaContent(await headOf(`/game/${game}`), 'property', 'og:title')).not.toBe(
      metaContent(promotions, 'property', 'og:title'),
    );
  });

  it('robots.txt and the pages follow the Robots and SEO forms within 10 seconds', {
    timeout: 120_000,
  }, async () => {
    const page = admin;
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${server.url}/admin/settings/robots`);
    await page.getByLabel(/^Robots meta tag/).fill('noindex, nofollow');
    await page.getByLabel('Disallow, rule 1').fill('/api/ /cashier /profile /e2e-private');
    await screenshot(page, 'bo-layout-robots-form-1440');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/ok=saved/);
    const robots = await (await fetch(`${server.url}/robots.txt`)).text();
    expect(robots).toContain('Disallow: /e2e-private');

    await page.goto(`${server.url}/admin/settings/seo`);
    await page.locator('#seo-default_image').fill('/icons/icon-192.png');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/ok=saved/);

    // The site keeps the settings 10 s (one shared copy per process): within that, /betting carries both changes.
    const deadline = Date.now() + 15_000;
    let head = await headOf('/betting');
    while (
      Date.now() < deadline &&
      !(head.includes('content="noindex, nofollow"') && head.includes('icon-192.png'))
    ) {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      head = await headOf('/betting');
    }
    expect(metaContent(head, 'name', 'robots')).toBe('noindex, nofollow');
    expect(metaContent(head, 'property', 'og:image')).toBe(`${server.url}/icons/icon-192.png`);
  });
});
