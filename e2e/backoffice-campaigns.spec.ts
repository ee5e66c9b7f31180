/**
 * Campaigns made from scratch and SEO settings that reach the pages (issue 40, ADR 066) in a browser: an admin made
 * with the CLI creates a bonus template at /admin/promotions/templates/new and grants it to a player, who sees it on
 * their bonuses page; creates a popup at /admin/promotions/popups/new that the player then sees on the home page;
 * sets a jurisdiction's wagering cap; and changes `seo.default.title`, which the home page's server-rendered
 * `<title>` carries within the settings' cache time, with the description, format-detection, canonical, Open Graph,
 * favicons and JSON-LD. Screens at 1440 px: e2e/screenshots/backoffice-campaigns-*.png.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackofficeJourney } from './support/backoffice-journey.ts';
import { login, screenshot, USER_AGENT } from './support/browser.ts';
import { signedInTab, type TOperatorLogin } from './support/operator.ts';
import type { TServer } from './support/server.ts';

let server: TServer;
let browser: Browser;
let admin: TOperatorLogin;
let stop = async () => {};

beforeAll(async () => {
  ({
    server,
    browser,
    operator: admin,
    stop,
  } = await startBackofficeJourney({
    dataDirPrefix: 'casino-campaigns-e2e-',
    email: 'campaigns-admin-e2e@example.com',
    role: 'admin',
  }));
});

afterAll(() => stop());

const api = async (context: BrowserContext, name: string) =>
  (await (await context.request.get(`${server.url}/api/${name}?v=1&locale=en`)).json()) as {
    data: Record<string, unknown> | null;
  };

const open = async (page: Page, path: string) => {
  await page.goto(`${server.url}${path}`, { waitUntil: 'networkidle' });
};

const step = (name: string) => console.log(`[campaigns] ${name}`);

describe('campaigns made in the back-office', () => {
  it('creates a template and a popup that a player sees; an SEO title change reaches the home page', {
    timeout: 300_000,
  }, async () => {
    const player = await browser.newContext({
      userAgent: USER_AGENT,
      viewport: { width: 1440, height: 900 },
    });
    await login(player, server.url);
    const uid = Number((await api(player, 'account.getInfo')).data?.uid);
    expect(uid).toBeGreaterThan(0);

    step('sign in');
    const errors: string[] = [];
    const { context, page } = await signedInTab(browser, server.url, admin, errors);

    step('a new bonus template');
    await open(page, '/admin/promotions');
    await page.getByRole('link', { name: 'New template' }).click();
    await page.getByRole('heading', { name: 'New casino template' }).waitFor();
    await page.getByLabel(/^Sysname/).fill('spring_e2e');
    await page.getByLabel(/^Title/).fill('Spring e2e bonus');
    await page.getByLabel(/^Amount/).fill('7.00');
    await page.getByLabel(/^Wagering multiplier/).fill('5');
    await screenshot(page, 'backoffice-campaigns-template-new-1440');
    await page.getByRole('button', { name: 'Create template' }).click();
    await page.getByText('Template created.').waitFor();
    await page.getByRole('heading', { name: /spring_e2e/ }).waitFor();
    await screenshot(page, 'backoffice-campaigns-template-1440');

    step('granted to a player, who sees it');
    await open(page, `/admin/players/${uid}`);
    const grant = page.locator('form[action$="/bonuses/grant"]');
    await grant.getByLabel('Template', { exact: true }).selectOption('spring_e2e');
    await grant.getByLabel('Reason (recorded in the audit log)').fill('Spring campaign (e2e)');
    await grant.getByRole('button', { name: 'Grant bonus' }).click();
    await page.getByRole('heading', { name: 'Confirm the bonus grant' }).waitFor();
    await page.getByRole('button', { name: /^Grant \$/ }).click();
    await page.getByText('Bonus granted.').waitFor();
    const bonuses = await api(player, 'bonuses.get');
    expect((bonuses.data as { items: { amount: number; status: string }[] }).items[0]).toMatchObject({
      amount: 7,
      status: 'active',
    });
    const playerPage = await player.newPage();
    await playerPage.goto(`${server.url}/profile/bonuses`, { waitUntil: 'load' });
    await playerPage.getByText('Spring e2e bonus').first().waitFor();
    await screenshot(playerPage, 'backoffice-campaigns-player-bonus-1440');

    step('a new popup');
    await open(page, '/admin/promotions/popups');
    await page.getByRole('link', { name: 'New popup' }).click();
    await page.getByRole('heading', { name: 'New popup' }).waitFor();
    await page.getByLabel(/^Sysname/).fill('spring_e2e_popup');
    await page.getByLabel('Title (en)').fill('Spring e2e popup');
    await page.getByLabel('Text (en)').fill('Your spring bonus is waiting in your profile.');
    await page.getByLabel('Button label (en)').fill('See my bonus');
    await page.getByLabel('Button link').fill('/profile/bonuses');
    await page.getByLabel('How often').selectOption('always');
    await page.getByLabel(/^Pages/).fill('/');
    await page.getByLabel('Priority').fill('100');
    await screenshot(page, 'backoffice-campaigns-popup-new-1440');
    await page.getByRole('button', { name: 'Create popup' }).click();
    await page.getByText('Popup created.').waitFor();
    await screenshot(page, 'backoffice-campaigns-popup-1440');

    step('the player sees the popup on the home page');
    await playerPage.goto(`${server.url}/`, { waitUntil: 'load' });
    await playerPage.getByText('Spring e2e popup').waitFor({ timeout: 20_000 });
    await screenshot(playerPage, 'backoffice-campaigns-popup-site-1440');

    step('a jurisdiction’s wagering cap');
    await open(page, '/admin/promotions/wagering');
    await page.getByLabel(/^Jurisdiction/).fill('sga');
    await page.getByLabel('Name').fill('Spelinspektionen (Sweden)');
    await page.getByLabel(/^Player countries/).fill('SE');
    await page.getByLabel(/^Wagering cap/).fill('5');
    await page.getByRole('button', { name: 'Save cap' }).click();
    await page.getByText('Wagering cap saved').waitFor();
    await screenshot(page, 'backoffice-campaigns-wagering-1440');

    step('SEO: the home title follows seo.default.title');
    await open(page, '/admin/settings/seo');
    await page.locator('#seo-default_title').fill('Spring Casino — e2e title');
    await page.locator('#seo-default_description').fill('Spring offers, made in the back-office.');
    await screenshot(page, 'backoffice-campaigns-seo-1440');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/ok=saved/);
    let html = '';
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      html = await (await context.request.get(`${server.url}/`)).text();
      if (html.includes('<title>Spring Casino — e2e title</title>')) break;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    expect(html).toContain('<title>Spring Casino — e2e title</title>');
    expect(html).toContain('<meta name="description" content="Spring offers, made in the back-office."/>');
    expect(html).toContain('<meta name="format-detection" content="telephone=no"/>');
    expect(html).toMatch(/<link rel="canonical" href="http:\/\/[^"]+\/"\/>/);
    expect(html).toContain('<meta property="og:title" content="Spring Casino — e2e title"/>');
    expect(html).toContain('href="/icons/apple-touch-icon.png"');
    expect(html).toContain('"@type":"Organization"');
    expect(html).toContain('"@type":"Product"');
    const gamehall = await (await context.request.get(`${server.url}/gamehall`)).text();
    expect(gamehall).toContain('"@type":"BreadcrumbList"');
    const home = await context.newPage();
    await home.goto(`${server.url}/`, { waitUntil: 'load' });
    expect(await home.title()).toBe('Spring Casino — e2e title');
    expect(errors).toEqual([]);
  });
});
