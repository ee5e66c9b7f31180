/**
 * A new player's journey (issue 18): the home hero and the registration panel quote the welcome offer's own
 * figures and promise nothing that is not live (no tournament banner); quick registration with a country, which
 * the profile then shows; a first deposit with the welcome offer through the sandbox page; the header balance
 * breakdown (main, bonus, total); a withdrawal refused for the unconfirmed e-mail, whose §8 button leads to the
 * profile settings; the e-mail confirmed with the code from the dev mailbox; then the withdrawal, which would forfeit
 * the active welcome bonus: the burn-bonuses confirm says how much bonus money is lost, the player agrees, and the
 * withdrawal is held for approval.
 * Screenshots of the breakdown and the refusal at 375 and 1440 px: e2e/screenshots/new-player-*.png.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { untilDepositPage } from './support/after-sign-up.ts';
import { launchBrowser, screenshot, USER_AGENT } from './support/browser.ts';
import { closeDialogs, mailedCode } from './support/mailbox.ts';
import { fillCardWithdrawal } from './support/player.ts';
import { payBySandboxCard } from './support/sandbox-card.ts';
import { startServer, type TServer } from './support/server.ts';

let server: TServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const errors: string[] = [];
const email = `newplayer${Date.now()}@example.com`;

const VIEWPORTS = [
  { name: '375', width: 375, height: 812 },
  { name: '1440', width: 1440, height: 900 },
];

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  context = await browser.newContext({ userAgent: USER_AGENT, viewport: { width: 1440, height: 900 } });
  page = await context.newPage();
  page.on('pageerror', (error) => errors.push(error.message));
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

const step = (name: string) => process.stdout.write(`new player: ${name}\n`);
const popup = () => page.locator('[role="dialog"]:has([data-auth-view])');

describe('a new player', () => {
  it('reads the offer, registers, deposits with the bonus, confirms the e-mail and withdraws', async () => {
    step('home: the hero quotes the welcome offer, no tournament banner');
    await page.goto(`${server.url}/`);
    await expect(page.getByTestId('hero-banner-welcome').textContent()).resolves.toContain(
      'Get 100% on top of your first deposit, up to $200.00',
    );
    await expect(page.getByTestId('hero-banner-crash').count()).resolves.toBe(1);
    await expect(page.getByTestId('hero-banner-tournament').count()).resolves.toBe(0);

    step('quick registration with a country');
    await page.goto(`${server.url}/?show_popup_reg=1`);
    const dialog = popup();
    await dialog.locator('[data-auth-view="registration"]').waitFor();
    await expect(dialog.locator('aside').textContent()).resolves.toContain('100% up to $200.00');
    await dialog.getByRole('tab', { name: 'Quick' }).click();
    await dialog.getByLabel('Email', { exact: true }).fill(email);
    await dialog.getByLabel('Password', { exact: true }).fill('secret-pass-1');
    await dialog.getByLabel('Country', { exact: true }).selectOption('DE');
    // Sign-up is for adults who accept the terms: one box confirms both (issue 41).
    await dialog.getByRole('checkbox', { name: /I am at least 18 years old and I accept/ }).check();
    await dialog.getByRole('button', { name: 'Register', exact: true }).click();
    await untilDepositPage(page);
    await closeDialogs(page);

    step('the profile keeps the country');
    await page.goto(`${server.url}/profile/settings`);
    const country = page.getByTestId('personal-data').locator('select[name=country_code]');
    await expect.poll(() => country.inputValue(), { timeout: 10_000 }).toBe('DE');

    step('first deposit with the welcome offer');
    await page.goto(`${server.url}/cashier/deposit/card`);
    const offers = page.getByRole('group', { name: 'Bonus offer' });
    await offers.getByRole('radio', { name: 'Welcome bonus' }).check();
    await page.getByLabel('Amount', { exact: true }).fill('75');
    await expect(page.getByTestId('offer-bonus').textContent()).resolves.toBe('Your bonus: $75.00');
    await page.getByTestId('deposit-submit').click();
    await payBySandboxCard(page);
    await page.waitForURL(/\/cashier\/paysuccess\//, { timeout: 15_000 });

    step('the header balance breakdown');
    await page.goto(`${server.url}/`);
    await page.waitForFunction(
      () => document.querySelector('[data-testid="balance"]')?.textContent === '$150.00',
      null,
      { timeout: 15_000 },
    );
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      const total = page.getByRole('button', { name: /^Balance \$150\.00/ }).first();
      await total.click();
      const breakdown = page.getByTestId('balance-breakdown');
      await breakdown.waitFor();
      await expect(breakdown.getByTestId('balance-main').textContent()).resolves.toContain('$75.00');
      await expect(breakdown.getByTestId('balance-bonus').textContent()).resolves.toContain('$75.00');
      await expect(breakdown.textContent()).resolves.toMatch(/Total\s*\$150\.00/);
      await screenshot(page, `new-player-balance-breakdown-${viewport.name}`);
      await total.click();
      await breakdown.waitFor({ state: 'detached' });
    }
    await page.setViewportSize({ width: 1440, height: 900 });

    step('a withdrawal refused for the unconfirmed e-mail');
    await page.goto(`${server.url}/cashier/withdraw`);
    await fillCardWithdrawal(page, '50');
    const refusal = page.getByTestId('withdraw-refusal');
    await refusal.waitFor();
    await expect(refusal.textContent()).resolves.toContain(
      'Confirm your e-mail or phone before you withdraw.',
    );
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      // Full-page shots draw the sticky header where the page is scrolled: shoot from the top.
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, `new-player-withdraw-refusal-${viewport.name}`);
    }
    await page.setViewportSize({ width: 1440, height: 900 });
    await refusal.getByRole('link', { name: 'Confirm contact' }).click();
    await page.waitForURL((url) => url.pathname === '/profile/settings');

    step('confirm the e-mail with the mailed code');
    await page.getByTestId('email-send-code').click();
    await page.locator('input[name=email-code]').fill(await mailedCode(server.url, email));
    await page.getByTestId('email-confirm').click();
    await page.getByText('Your contact has been confirmed').first().waitFor();

    step('the withdrawal asks first to give up the welcome bonus if it is paid, then is held for approval');
    await page.goto(`${server.url}/cashier/withdraw`);
    await expect(page.getByTestId('gate-confirm-contact').count()).resolves.toBe(0);
    await fillCardWithdrawal(page, '50');
    const burn = page.getByRole('alertdialog');
    await burn.getByTestId('burn-bonuses-confirm').waitFor();
    await expect(burn.textContent()).resolves.toContain(
      'You lose $75.00 of bonus money if the withdrawal is paid.',
    );
    await burn.getByRole('button', { name: 'Yes, continue' }).click();
    await expect
      .poll(() => page.getByLabel('Amount', { exact: true }).inputValue(), { timeout: 15_000 })
      .toBe('');
    await expect
      .poll(() => page.getByTestId('pending-withdrawals').getByRole('listitem').count(), { timeout: 15_000 })
      .toBe(1);
    await expect(page.getByTestId('withdraw-refusal').count()).resolves.toBe(0);
    expect(errors).toEqual([]);
  }, 180_000);
});
