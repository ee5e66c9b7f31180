/**
 * A home banner for a CRM segment (issue 40, docs/decisions/074) in Chromium: an operator tags a player, saves the
 * tag's filter as a shared segment and adds a home banner for it at Promotions › Banners (the segment picker of
 * offers and popups). The segment's player sees the banner on the home page once it has loaded; another player and a
 * visitor never do, and the visitor's home page (served from the page cache) does not carry it. Screens at 1440 px:
 * e2e/screenshots/banner-segments-*.png.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackofficeJourney } from './support/backoffice-journey.ts';
import { login, screenshot, USER_AGENT } from './support/browser.ts';
import { signInFirstTime, type TOperatorLogin } from './support/operator.ts';
import type { TServer } from './support/server.ts';

let server: TServer;
let browser: Browser;
let operator: TOperatorLogin;
let stop = async () => {};

beforeAll(async () => {
  ({ server, browser, operator, stop } = await startBackofficeJourney({
    dataDirPrefix: 'casino-banner-segments-e2e-',
    email: 'banners-e2e@example.com',
    role: 'admin',
    env: { PAGE_CACHE: '1' },
  }));
}, 300_000);

afterAll(() => stop());

const TITLE = 'High rollers: your private table tonight';
const step = (name: string) => console.log(`[banner-segments] ${name}`);

const player = async () => {
  const context = await browser.newContext({ userAgent: USER_AGENT, viewport: { width: 1440, height: 900 } });
  const { email } = await login(context, server.url);
  return { context, email };
};

/** The home page once hydrated (the hero's own list, when asked, has had time to arrive). */
const home = async (context: BrowserContext) => {
  const page = await context.newPage();
  const response = await page.goto(`${server.url}/`, { waitUntil: 'load' });
  await page.locator('section[aria-label="Featured"]').waitFor();
  return { page, response };
};

const heroTitles = (page: Page) => page.locator('section[aria-label="Featured"]').textContent();

describe('a home banner for a segment', () => {
  it('shows to the segment’s player only, never in the shared page', { timeout: 240_000 }, async () => {
    const whale = await player();
    const other = await player();

    step('tag the player, keep the tag as a shared segment');
    const ops = await browser.newContext({ userAgent: USER_AGENT, viewport: { width: 1440, height: 1000 } });
    const page = await ops.newPage();
    await signInFirstTime(page, server.url, operator);
    await page.goto(`${server.url}/admin/players?q=${encodeURIComponent(whale.email)}`);
    await page
      .getByRole('table', { name: 'Players' })
      .locator('tbody')
      .getByRole('link', { name: whale.email })
      .click();
    await page.getByRole('heading', { name: 'Notes, tags and risk flags' }).waitFor();
    await page.getByLabel('Tag', { exact: true }).fill('e2e-whale');
    await page.getByRole('button', { name: 'Add tag' }).click();
    await page.getByText('Tag added.').waitFor();
    await page.goto(`${server.url}/admin/players`);
    await page.getByLabel('Tag', { exact: true }).selectOption('e2e-whale');
    await page.getByRole('button', { name: 'Show players' }).click();
    await page.getByRole('heading', { name: '1 player' }).waitFor();
    await page.getByLabel('Segment name').fill('E2E whales');
    await page.getByLabel('Shared with every operator').check();
    await page.getByRole('button', { name: 'Save segment' }).click();
    await page.getByText('Segment saved').waitFor();

    step('add a home banner for the segment');
    await page.goto(`${server.url}/admin/promotions/banners?locale=en`, { waitUntil: 'load' });
    const form = page.locator('form[action="/admin/promotions/banners/en"]');
    await form.locator('#n-id').fill('whale-night');
    await form.locator('#n-title').fill(TITLE);
    await form.locator('#n-text').fill('For our high rollers only.');
    await form.locator('#n-button').fill('Take a seat');
    await form.locator('#n-url').fill('/gamehall');
    await form.getByLabel(/^Player segment/).selectOption({ label: 'E2E whales' });
    await page.getByRole('button', { name: 'Add banner' }).click();
    await page.waitForURL(/ok=banner_created/);
    await page.goto(`${server.url}/admin/promotions/banners?locale=en`, { waitUntil: 'load' });
    const row = page.locator('section.panel', { has: page.getByText('whale-night') }).first();
    await expect(row.getByTestId('banner-segment').textContent()).resolves.toContain('E2E whales');
    await screenshot(page, 'banner-segments-admin-1440');

    step('the segment’s player sees it; another player and a visitor do not');
    const seen = await home(whale.context);
    await seen.page.getByText(TITLE).waitFor({ timeout: 15_000 });
    await screenshot(seen.page, 'banner-segments-whale-home-1440');

    const notSeen = await home(other.context);
    // The other player's browser asked too (the config says a segment banner is live) and got its own list.
    await notSeen.page
      .waitForResponse((r) => r.url().includes('/api/banners.get'), { timeout: 15_000 })
      .catch(() => null);
    await expect(heroTitles(notSeen.page)).resolves.not.toContain(TITLE);

    const visitor = await browser.newContext({
      userAgent: USER_AGENT,
      viewport: { width: 1440, height: 900 },
    });
    const first = await home(visitor);
    const second = await home(visitor);
    expect(second.response?.headers()['x-page-cache']).toBe('hit');
    for (const visit of [first, second]) {
      await expect(heroTitles(visit.page)).resolves.not.toContain(TITLE);
      expect(await visit.response?.text()).not.toContain(TITLE);
    }
    await screenshot(second.page, 'banner-segments-visitor-home-1440');

    await Promise.all([whale.context.close(), other.context.close(), visitor.close(), ops.close()]);
  });
});
