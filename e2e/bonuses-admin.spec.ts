/**
 * The bonus back-office (issue 12 item 11) in a browser: an operator made with the CLI signs in with password and
 * TOTP, opens a new player's page, grants a DEMO10 bonus with a reason (the player's bonuses.get shows it active),
 * cancels it with a reason (forfeited, the bonus balance back to 0), edits a template, generates a batch of promo
 * codes that the player then activates, reads the code's usage, and previews a campaign popup on the site.
 * Every new screen is photographed at 1440 and 375 px (e2e/screenshots/bonuses-admin-*.png).
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackofficeJourney } from './support/backoffice-journey.ts';
import { login, screenshot, USER_AGENT } from './support/browser.ts';
import { signedInTab, type TOperatorLogin } from './support/operator.ts';
import type { TServer } from './support/server.ts';
import { callApi } from './support/site-api.ts';

let server: TServer;
let browser: Browser;
let operator: TOperatorLogin;
let stop = async () => {};

beforeAll(async () => {
  ({ server, browser, operator, stop } = await startBackofficeJourney({
    dataDirPrefix: 'casino-bonus-admin-e2e-',
    email: 'bonus-ops-e2e@example.com',
    role: 'admin',
  }));
});

afterAll(() => stop());

const api = (context: BrowserContext, name: string, form?: Record<string, string>) =>
  callApi(context, server.url, name, form);

const open = async (page: Page, path: string) => {
  await page.goto(`${server.url}${path}`, { waitUntil: 'networkidle' });
};

/** The page at 1440 px, then at 375 px (back to 1440 after). */
const shootBoth = async (page: Page, name: string) => {
  await screenshot(page, `bonuses-admin-${name}-1440`);
  await page.setViewportSize({ width: 375, height: 812 });
  await screenshot(page, `bonuses-admin-${name}-375`);
  await page.setViewportSize({ width: 1440, height: 900 });
};

const step = (name: string) => process.stdout.write(`bonuses-admin: ${name}\n`);

describe('the bonus back-office', () => {
  it('grants and cancels a bonus, edits a template, generates codes a player uses, previews a popup', {
    timeout: 240_000,
  }, async () => {
    const player = await browser.newContext({ userAgent: USER_AGENT });
    const { email } = await login(player, server.url);
    const uid = Number((await api(player, 'account.getInfo')).data?.uid);
    expect(uid).toBeGreaterThan(0);

    step('sign in');
    const errors: string[] = [];
    const { context, page } = await signedInTab(browser, server.url, operator, errors);
    await page.getByRole('heading', { name: 'Withdrawals', exact: true }).waitFor();
    await expect(page.getByRole('link', { name: 'Promotions' }).count()).resolves.toBe(1);

    step('grant a bonus');
    await open(page, `/admin/players/${uid}`);
    await page.getByRole('heading', { name: 'Grant a bonus' }).waitFor();
    const grant = page.locator('form[action$="/bonuses/grant"]');
    await grant.getByLabel('Template', { exact: true }).selectOption('demo10');
    await grant.getByLabel('Reason (recorded in the audit log)').fill('Welcome gesture (e2e)');
    await grant.getByRole('button', { name: 'Grant bonus' }).click();
    // Every money action confirms before it acts (ADR 064).
    await page.getByRole('heading', { name: 'Confirm the bonus grant' }).waitFor();
    await page.getByRole('button', { name: /^Grant \$/ }).click();
    await page.getByText('Bonus granted.').waitFor();
    const row = page.locator('tr[data-bonus]').first();
    await expect(row.textContent()).resolves.toContain('$0.00 / $100.00');
    await expect(row.textContent()).resolves.toContain('active');
    const granted = await api(player, 'bonuses.get');
    expect((granted.data?.items as { status: string; amount: number }[] | undefined)?.[0]).toMatchObject({
      status: 'active',
      amount: 10,
    });
    await page.locator('#bonuses').scrollIntoViewIfNeeded();
    await shootBoth(page, 'player');

    step('cancel it with a reason');
    await row.getByText('Cancel…').click();
    await row.getByLabel(/^Reason/).fill('Granted to test the cancel');
    await row.getByRole('button', { name: 'Cancel bonus…' }).click();
    // The confirmation page (ADR 064): what the player loses, the reason again; only its button acts.
    await page.locator('[data-confirm="bonus_cancel"]').waitFor();
    await shootBoth(page, 'cancel-confirm');
    await page.getByRole('button', { name: /^Cancel bonus #\d+$/ }).click();
    await page.getByText('Bonus cancelled: its money went back to the house.').waitFor();
    await expect(page.locator('tr[data-bonus]').first().textContent()).resolves.toContain('forfeited');
    const after = await api(player, 'bonuses.get');
    expect((after.data?.items as { status: string }[] | undefined)?.[0]?.status).toBe('forfeited');
    await expect(page.getByRole('heading', { name: 'Ledger entries' }).count()).resolves.toBe(1);

    step('templates');
    await open(page, '/admin/promotions');
    await page.getByRole('link', { name: 'operator_gift' }).waitFor();
    await shootBoth(page, 'templates');
    await page.getByRole('link', { name: 'operator_gift' }).click();
    // Wagering is capped per jurisdiction (the licence's 10× by default); no jurisdiction's cap goes above 200×.
    const wager = page.getByLabel(/^Wagering multiplier/);
    await wager.fill('201');
    await page.getByRole('button', { name: 'Save template' }).click();
    await page.getByText('That wagering is above every jurisdiction’s cap').waitFor();
    await wager.fill('5');
    await page.getByRole('button', { name: 'Save template' }).click();
    await page.getByText('Template saved.').waitFor();
    await shootBoth(page, 'template');

    step('promo codes');
    await open(page, '/admin/promotions/codes');
    const batch = page.locator('form[action="/admin/promotions/codes/batch"]');
    await batch.getByLabel('Prefix').fill('E2E');
    await batch.getByLabel('How many (1–1000)').fill('3');
    await batch.getByLabel('Bonus template').selectOption('demo10');
    await batch.getByRole('button', { name: 'Generate codes' }).click();
    await page.getByText('Codes generated').waitFor();
    const codes = await page
      .locator('tr[data-code]')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-code')));
    expect(codes).toHaveLength(3);
    await shootBoth(page, 'codes');
    const code = String(codes[0]);
    expect((await api(player, 'campaigns.activateOffer', { promo_code: code })).error).toBeNull();
    await page.getByRole('link', { name: code }).click();
    await page.getByRole('link', { name: email }).waitFor();
    await shootBoth(page, 'code-usage');

    step('cashback, popups, banners');
    await open(page, '/admin/promotions/cashback/1');
    await page.getByRole('button', { name: 'Save program' }).waitFor();
    await shootBoth(page, 'cashback');
    await open(page, '/admin/promotions/popups');
    await shootBoth(page, 'popups');
    await open(page, '/admin/promotions/popups/1');
    await shootBoth(page, 'popup');
    await open(page, '/admin/promotions/banners');
    await page.locator('[data-slot="hero-0"] img').waitFor();
    await shootBoth(page, 'banners');
    await open(page, '/admin/promotions/banners/en/hero-0');
    await shootBoth(page, 'banner');

    step('popup preview on the site');
    const [preview] = await Promise.all([
      context.waitForEvent('page'),
      open(page, '/admin/promotions/popups').then(() =>
        page.getByRole('link', { name: 'Preview ↗' }).first().click(),
      ),
    ]);
    await preview.waitForLoadState('networkidle');
    expect(new URL(preview.url()).hash).toBe('#popup-preview');
    await preview.getByTestId('campaign-dialog').waitFor({ timeout: 30_000 });
    await screenshot(preview, 'bonuses-admin-popup-preview-1440');

    expect(errors).toEqual([]);
    await context.close();
    await player.close();
  });
});
