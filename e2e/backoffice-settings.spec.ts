/**
 * The back-office, part two (issue 17): an operator made with the CLI signs in with TOTP, turns a feature flag off
 * and adds a redirect (trying it in the tester first), and a player sees both on the site within the 10 s cache
 * window (docs/decisions/007); then the report dashboard and the settings pages are photographed at 1440 px
 * (e2e/screenshots/admin-reports-1440.png, admin-settings-*.png).
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

beforeAll(async () => {
  ({ server, browser, operator, stop } = await startBackofficeJourney({
    dataDirPrefix: 'casino-settings-e2e-',
    email: 'settings-e2e@example.com',
    role: 'admin',
  }));
}, 300_000);

afterAll(() => stop());

/** Reloads `path` until `check` holds: the site keeps settings up to 10 s per process. */
const eventually = async (page: Page, path: string, check: () => Promise<boolean>) => {
  const deadline = Date.now() + 60_000;
  for (;;) {
    await page.goto(`${server.url}${path}`, { waitUntil: 'domcontentloaded' });
    if (await check()) return Date.now();
    if (Date.now() > deadline)
      throw new Error(`${path}: the change did not show within 60 s (now ${page.url()})`);
    await page.waitForTimeout(1000);
  }
};

describe('the back-office settings', () => {
  it('an operator turns a feature flag off and adds a redirect; the site shows both', {
    timeout: 240_000,
  }, async () => {
    const player = await browser.newContext({ userAgent: USER_AGENT });
    await login(player, server.url);
    const site = await player.newPage();
    await site.goto(`${server.url}/profile/settings`, { waitUntil: 'domcontentloaded' });
    const verificationTab = site.locator('a[href$="/profile/verification"]');
    await verificationTab.first().waitFor({ state: 'attached' });
    await site.goto(`${server.url}/spring-sale`, { waitUntil: 'domcontentloaded' });
    expect(new URL(site.url()).pathname).toBe('/spring-sale');

    const { context, page } = await signedInTab(browser, server.url, operator);
    await page.getByRole('heading', { name: 'Withdrawals', exact: true }).waitFor();

    await page.getByRole('link', { name: 'Site settings' }).click();
    await page.getByRole('heading', { name: 'Site settings', exact: true }).waitFor();
    await screenshot(page, 'admin-settings-1440');
    await page.getByRole('link', { name: 'Feature flags' }).click();
    await page.getByRole('checkbox', { name: /isVerificationEnable/ }).uncheck();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved. The site shows it within 10 seconds.').waitFor();
    await expect(page.getByRole('checkbox', { name: /isVerificationEnable/ }).isChecked()).resolves.toBe(
      false,
    );
    await screenshot(page, 'admin-settings-features-1440');
    const flagSaved = Date.now();

    await page.goto(`${server.url}/admin/settings/redirects`);
    const rows = await page.locator('input[name="from_url"]').count();
    const blank = rows - 3;
    await page.getByLabel(`From ${blank + 1}`, { exact: true }).fill('/spring-sale');
    await page.getByLabel(`To ${blank + 1}`, { exact: true }).fill('/gamehall');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved. The site shows it within 10 seconds.').waitFor();
    const redirectSaved = Date.now();
    await page.getByLabel('Path', { exact: true }).fill('/spring-sale');
    await page.getByRole('button', { name: 'Where does it go?' }).click();
    await page.getByRole('status').filter({ hasText: '/gamehall' }).waitFor();
    await screenshot(page, 'admin-settings-redirects-1440');
    await page.goto(`${server.url}/admin/settings/general`);
    await screenshot(page, 'admin-settings-general-1440');
    await page.goto(`${server.url}/admin/settings/seo`);
    await screenshot(page, 'admin-settings-seo-1440');

    // The player's site: the redirect and the flag, each within the 10 s cache window (plus a page load).
    const redirected = await eventually(
      site,
      '/spring-sale',
      async () => new URL(site.url()).pathname === '/gamehall',
    );
    expect(redirected - redirectSaved).toBeLessThan(20_000);
    const hidden = await eventually(site, '/profile/settings', async () => {
      // The profile's tabs are drawn (the settings tab always is), so a missing verification tab is an answer.
      await site.locator('a[href$="/profile/settings"]').first().waitFor({ state: 'attached' });
      return (await verificationTab.count()) === 0;
    });
    expect(hidden - flagSaved).toBeLessThan(25_000);

    // The audit log has both changes with before and after.
    await page.goto(`${server.url}/admin/audit?action=settings.update`);
    await expect(page.locator('main').textContent()).resolves.toContain('isVerificationEnable');
    await expect(page.locator('main').textContent()).resolves.toContain('/spring-sale');

    // The report dashboard (after today is computed from the ledger) and the operators' roles.
    await page.goto(`${server.url}/admin/reports`);
    await page.getByRole('button', { name: 'Recompute from the ledger' }).click();
    await page.getByText('The day is recomputed from the ledger.').waitFor();
    await page.goto(`${server.url}/admin/reports?period=day`);
    await expect(page.locator('main').textContent()).resolves.toContain('Registrations');
    await screenshot(page, 'admin-reports-1440');
    await page.goto(`${server.url}/admin/operators`);
    await screenshot(page, 'admin-operators-1440');
    await context.close();
    await player.close();
  });
});
