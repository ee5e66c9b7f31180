/**
 * Deposit offers made in the back-office (issue 40, ADR 068) in a browser at 1440 px: a marketing operator made with
 * the CLI creates an offer at /admin/promotions/offers/new (a bad maximum is refused with its message first), and a
 * signed-in player sees it among the bonus offers of the cashier's deposit page with its bonus worked out; the
 * operator then retires it behind its confirmation page and the cashier no longer offers it.
 * Screens: e2e/screenshots/deposit-offers-admin-*.png.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackofficeJourney } from './support/backoffice-journey.ts';
import { login, screenshot, USER_AGENT } from './support/browser.ts';
import { signedInTab, type TOperatorLogin } from './support/operator.ts';
import type { TServer } from './support/server.ts';

let server: TServer;
let browser: Browser;
let marketing: TOperatorLogin;
let stop = async () => {};

beforeAll(async () => {
  ({
    server,
    browser,
    operator: marketing,
    stop,
  } = await startBackofficeJourney({
    dataDirPrefix: 'casino-offers-e2e-',
    email: 'offers-marketing-e2e@example.com',
    role: 'marketing',
  }));
});

afterAll(() => stop());

const VIEWPORT = { width: 1440, height: 900 };
const step = (name: string) => console.log(`[deposit-offers] ${name}`);

const openCashier = async (page: Page) => {
  await page.goto(`${server.url}/cashier/deposit/card`, { waitUntil: 'load' });
  const offers = page.getByRole('group', { name: 'Bonus offer' });
  await offers.waitFor();
  return offers;
};

describe('deposit offers made in the back-office', () => {
  it('an operator creates an offer that a player sees in the cashier, then retires it', {
    timeout: 300_000,
  }, async () => {
    const errors: string[] = [];
    step('sign in');
    const { context, page } = await signedInTab(browser, server.url, marketing, errors);

    step('the list and the new form');
    await page.goto(`${server.url}/admin/promotions/offers`, { waitUntil: 'load' });
    await page.getByRole('heading', { name: 'Promotions' }).waitFor();
    await screenshot(page, 'deposit-offers-admin-list-1440');
    await page.getByRole('link', { name: 'New offer' }).click();
    await page.getByRole('heading', { name: 'New deposit offer' }).waitFor();
    await page.getByLabel(/^Sysname/).fill('spring_e2e_match');
    await page.getByLabel(/^Title \(en\)/).fill('Spring match {percent}% up to {max}');
    await page.getByLabel('Text (en)').fill('A spring bonus on every deposit.');
    await page.getByLabel('For').selectOption('any');
    await page.getByLabel('Bonus: percent of the deposit').fill('60');
    await page.getByLabel('Bonus: at most').fill('-5');
    await page.getByLabel(/^Wagering multiplier/).fill('6');
    await page.getByLabel('Smallest deposit').fill('10.00');
    await page.getByLabel(/^Priority/).fill('-10');

    step('a negative maximum is refused, in words');
    await page.getByRole('button', { name: 'Create offer' }).click();
    await page.getByText('Enter the largest bonus as a positive amount').waitFor();
    await screenshot(page, 'deposit-offers-admin-refused-1440');

    step('created');
    await page.getByLabel(/^Sysname/).fill('spring_e2e_match');
    await page.getByLabel(/^Title \(en\)/).fill('Spring match {percent}% up to {max}');
    await page.getByLabel('Bonus: percent of the deposit').fill('60');
    await page.getByLabel('Bonus: at most').fill('90.00');
    await page.getByLabel(/^Wagering multiplier/).fill('6');
    await page.getByLabel(/^Priority/).fill('-10');
    await screenshot(page, 'deposit-offers-admin-new-1440');
    await page.getByRole('button', { name: 'Create offer' }).click();
    await page.getByText('Deposit offer created.').waitFor();
    await page.getByRole('heading', { name: /spring_e2e_match/ }).waitFor();
    await screenshot(page, 'deposit-offers-admin-offer-1440');

    step('the player sees it in the cashier');
    const player = await browser.newContext({ userAgent: USER_AGENT, viewport: VIEWPORT });
    await login(player, server.url);
    const playerPage = await player.newPage();
    const offers = await openCashier(playerPage);
    const made = offers.getByRole('radio', { name: /Spring match 60% up to \$90\.00/ });
    await made.waitFor();
    await made.check();
    await playerPage.getByLabel('Amount', { exact: true }).fill('100');
    await expect(playerPage.getByTestId('offer-bonus').textContent()).resolves.toBe('Your bonus: $60.00');
    await screenshot(playerPage, 'deposit-offers-admin-cashier-1440');

    step('retired behind its confirmation page');
    await page.getByRole('button', { name: 'Retire offer…' }).click();
    await page.getByRole('heading', { name: 'Retire spring_e2e_match?' }).waitFor();
    await screenshot(page, 'deposit-offers-admin-retire-confirm-1440');
    await page.getByRole('button', { name: 'Retire for good' }).click();
    await page.getByText('Deposit offer retired').waitFor();
    await screenshot(page, 'deposit-offers-admin-retired-1440');
    const after = await openCashier(playerPage);
    await expect(after.getByRole('radio', { name: /Spring match/ }).count()).resolves.toBe(0);
    expect(errors).toEqual([]);
    await player.close();
    await context.close();
  });
});
