/**
 * The money journeys of a new player in the browser: a deposit through the sandbox's hosted page (card form,
 * 3-D Secure step) in a new window while another tab's header balance changes without a reload; a withdrawal
 * refused for an unconfirmed contact (the §8 button beside the submit), then held for approval, one cancelled; an operator approving in /admin; a new
 * player's first deposit with the welcome offer, paid with its bonus. Screenshots of every cashier screen (the
 * deposit page with its offers too) and the sandbox page at 375 and 1440 px.
 */

import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDatabase } from '../apps/server/src/platform/db/database.ts';
import { launchBrowser, login, screenshot, USER_AGENT } from './support/browser.ts';
import {
  confirmContact,
  createFinanceOperator,
  createScratchDatabase,
  E2E_TOTP_KEY,
  openScratch,
  signInOperator,
} from './support/cashier.ts';
import { payBySandboxCard } from './support/sandbox-card.ts';
import { startServer, type TServer } from './support/server.ts';

let server: TServer;
let browser: Browser;
let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
let database: TDatabase;
let context: BrowserContext;
let player: { email: string };

const VIEWPORTS = [
  { name: '375', width: 375, height: 812 },
  { name: '1440', width: 1440, height: 900 },
];

const balanceOf = (page: Page) => page.getByTestId('balance').first().textContent();

beforeAll(async () => {
  scratch = await createScratchDatabase();
  server = await startServer({
    DATABASE_URL: scratch.url,
    // Production on PostgreSQL asks for real secrets; these are the test run's own.
    SESSION_SECRET: 'e2e-cashier-session-secret-0123456789',
    WALLET_HMAC_SECRET: 'e2e-cashier-wallet-secret-0123456789',
    SPORTSBOOK_FEED_SECRET: 'e2e-cashier-feed-secret-0123456789',
    CONTENT_JWT_SECRET: 'e2e-cashier-content-jwt-secret-0123456789',
    TOTP_ENCRYPTION_KEY: E2E_TOTP_KEY,
  });
  database = await openScratch(scratch.url);
  browser = await launchBrowser();
  context = await browser.newContext({ userAgent: USER_AGENT, viewport: { width: 1440, height: 900 } });
  player = await login(context, server.url);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
  await database?.close();
  await scratch?.drop();
});

describe('the cashier', () => {
  it('deposits through the sandbox page and the header balance changes without a reload', async () => {
    const watcher = await context.newPage();
    await watcher.goto(`${server.url}/`);
    await expect(balanceOf(watcher)).resolves.toBe('$0.00');
    // Marks this document: a reload would drop the mark.
    await watcher.evaluate(() => {
      (window as unknown as { stayed: boolean }).stayed = true;
    });

    const page = await context.newPage();
    await page.goto(`${server.url}/cashier/deposit`);
    await page.getByTestId('method-card').click();
    await page.waitForURL(/\/cashier\/deposit\/card$/);
    const amount = page.getByLabel('Amount', { exact: true });
    await amount.fill('5');
    await page.getByTestId('deposit-submit').click();
    await expect(page.locator('.field-error').first().textContent()).resolves.toContain('$10.00');
    await amount.fill('1500');
    await expect(amount.inputValue()).resolves.toBe('1,500');
    await page.getByText('Open the payment page in a new window').click();
    const [popup] = await Promise.all([
      context.waitForEvent('page'),
      page.getByTestId('deposit-submit').click(),
    ]);
    await page.waitForURL(/\/cashier\/paynewwindow\?transaction=/);
    await payBySandboxCard(popup, undefined, {
      shoot: async (name) => {
        for (const viewport of VIEWPORTS) {
          await popup.setViewportSize(viewport);
          await screenshot(popup, `cashier-${name}-${viewport.name}`);
        }
      },
    });
    await popup.waitForURL(/\/cashier\/paysuccess\//);

    await watcher.waitForFunction(
      () => document.querySelector('[data-testid="balance"]')?.textContent === '$1,500.00',
      null,
      { timeout: 15_000 },
    );
    await expect(watcher.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).resolves.toBe(
      true,
    );
    // The tab that opened the payment follows the transaction to its result page by itself.
    await page.waitForURL(/\/cashier\/paysuccess\//, { timeout: 15_000 });
    await expect(page.getByTestId('payment-amount').textContent()).resolves.toBe('$1,500.00');
    await watcher.close();
    await popup.close();
    await page.close();
  });

  it('holds a withdrawal after the contact is confirmed, and a cancel returns the money', async () => {
    const page = await context.newPage();
    await page.goto(`${server.url}/cashier/withdraw`);
    // §8: a new player has no confirmed contact, so the screen offers the button to confirm one.
    await page.getByTestId('gate-confirm-contact').waitFor();
    await page.getByTestId('withdraw-submit').click();
    await expect(page.getByText('Field is required').count()).resolves.toBeGreaterThan(0);
    await page.getByLabel('Card number').fill('4242 4242 4242 4241');
    await page.getByLabel('Card holder').fill('Jane Player');
    await page.getByLabel('Amount', { exact: true }).fill('100');
    await page.getByTestId('withdraw-submit').click();
    await expect(page.getByText('Wrong card number').count()).resolves.toBe(1);
    // A valid form still meets the server's §8 refusal: said beside the submit, with the button to confirm.
    await page.getByLabel('Card number').fill('4242424242424242');
    await page.getByTestId('withdraw-submit').click();
    const refusal = page.getByTestId('withdraw-refusal');
    await refusal.waitFor();
    await expect(refusal.textContent()).resolves.toContain(
      'Confirm your e-mail or phone before you withdraw.',
    );
    await expect(refusal.getByRole('link', { name: 'Confirm contact' }).getAttribute('href')).resolves.toBe(
      '/profile/settings',
    );
    await screenshot(page, 'cashier-withdraw-refusal');

    // The confirmation itself belongs to the profile screens; here the contact is marked as a code would.
    await confirmContact(scratch.url, player.email);
    await page.reload();
    await expect(page.getByTestId('gate-confirm-contact').count()).resolves.toBe(0);
    await page.getByLabel('Card holder').fill('Jane Player');
    await page.getByLabel('Card number').fill('4242424242424242');
    await expect(page.getByLabel('Card number').inputValue()).resolves.toBe('4242 4242 4242 4242');
    const amount = page.getByLabel('Amount', { exact: true });
    for (const value of ['250', '100']) {
      await amount.fill(value);
      await page.getByTestId('withdraw-submit').click();
      // A held withdrawal clears the amount for the next one.
      await expect.poll(() => amount.inputValue(), { timeout: 15_000 }).toBe('');
    }
    await page.waitForFunction(
      () => document.querySelector('[data-testid="balance"]')?.textContent === '$1,150.00',
    );
    const pending = page.getByTestId('pending-withdrawals').getByRole('listitem');
    await expect.poll(() => pending.count(), { timeout: 15_000 }).toBe(2);
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await screenshot(page, `cashier-withdraw-${viewport.name}`);
    }
    // Cancel the newest (100.00): the site asks first (the safe answer keeps it), then the money returns live.
    await pending.first().getByTestId('cancel-withdrawal').click();
    const question = page.getByRole('alertdialog', { name: 'Cancel this withdrawal?' });
    await expect(question.textContent()).resolves.toContain('$100.00');
    await question.getByRole('button', { name: 'Cancel withdrawal' }).click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="balance"]')?.textContent === '$1,250.00',
    );
    await expect.poll(() => pending.count(), { timeout: 15_000 }).toBe(1);
    await page.close();
  });

  it('an operator approves the withdrawal in /admin and the player sees it paid', async () => {
    await createFinanceOperator(database);
    const admin = await browser.newContext({ userAgent: USER_AGENT, viewport: { width: 1440, height: 900 } });
    const desk = await admin.newPage();
    await signInOperator(desk, server.url);
    await desk.goto(`${server.url}/admin/withdrawals?status=pending`);
    const row = desk.locator('tr[data-withdrawal]', { hasText: player.email.toLowerCase() });
    await expect(row.count()).resolves.toBe(1);
    await row.getByRole('button', { name: /^Approve \$250\.00/ }).click();
    // Every money action confirms before it acts (ADR 064).
    await desk.getByRole('button', { name: /^Pay out \$250\.00/ }).click();
    await desk.getByText('Withdrawal approved: the money is paid out.').waitFor();
    await admin.close();

    const page = await context.newPage();
    await page.goto(`${server.url}/cashier/history?type=withdrawal`);
    const items = page.getByTestId('history-item');
    await expect.poll(() => items.count(), { timeout: 15_000 }).toBe(2);
    await expect(items.nth(0).textContent()).resolves.toMatch(/Cancelled.*\$100\.00/);
    await expect(items.nth(1).textContent()).resolves.toMatch(/Successful.*\$250\.00/);
    await expect(balanceOf(page)).resolves.toBe('$1,250.00');
    await page.close();
  });

  it('on a phone the deposit takes the mobile flow and that tab follows the payment to its result', async () => {
    const page = await context.newPage();
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(`${server.url}/cashier/deposit/card`);
    await page.getByRole('button', { name: '20', exact: true }).click();
    await page.getByTestId('deposit-submit').click();
    await page.waitForURL(/\/cashier\/paymobile\?transaction=[^&]+$/);
    const [payment] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('link', { name: 'Continue to payment' }).click(),
    ]);
    await payBySandboxCard(payment);
    await payment.waitForURL(/\/cashier\/paysuccess\//);
    await page.waitForURL(/\/cashier\/paysuccess\//, { timeout: 15_000 });
    await page.waitForFunction(
      () => document.querySelector('[data-testid="balance"]')?.textContent === '$1,270.00',
    );
    await payment.close();
    // A link from elsewhere cannot make the waiting page offer a page of its choosing.
    await page.goto(`${server.url}/cashier/paymobile?transaction=x&url=https%3A%2F%2Fevil.example%2F`);
    await expect(page.getByRole('link', { name: 'Continue to payment' }).count()).resolves.toBe(0);
    await page.close();
  });

  it('a new player takes the welcome offer with the first deposit and gets the bonus', async () => {
    const fresh = await browser.newContext({ userAgent: USER_AGENT, viewport: { width: 1440, height: 900 } });
    await login(fresh, server.url);
    const page = await fresh.newPage();
    await page.goto(`${server.url}/cashier/deposit/card`);
    const offers = page.getByRole('group', { name: 'Bonus offer' });
    await offers.waitFor();
    // A first deposit: the welcome and high roller offers; the reload one is for players who deposited.
    await expect(offers.getByRole('radio').count()).resolves.toBe(3);
    await expect(offers.getByRole('radio', { name: 'No bonus' }).isChecked()).resolves.toBe(true);
    await expect(offers.getByRole('radio', { name: 'Reload bonus' }).count()).resolves.toBe(0);
    await offers.getByRole('radio', { name: 'Welcome bonus' }).check();
    await page.getByLabel('Amount', { exact: true }).fill('75');
    await expect(page.getByTestId('offer-bonus').textContent()).resolves.toBe('Your bonus: $75.00');
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await screenshot(page, `cashier-deposit-offers-${viewport.name}`);
    }
    // Right to left, in the offer's own Arabic words, on a phone.
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(`${server.url}/ar/cashier/deposit/card`);
    await page
      .getByRole('group')
      .filter({ has: page.getByRole('radio') })
      .waitFor();
    await page.getByRole('radio', { name: 'مكافأة الترحيب' }).check();
    await page.locator('input[name="amount"]').fill('300');
    await expect(page.getByTestId('offer-bonus').textContent()).resolves.toContain('200.00');
    await screenshot(page, 'cashier-deposit-offers-ar-375');
    await page.setViewportSize({ width: 1440, height: 900 });
    // The e-wallet is excluded from the welcome offer: it is not offered there.
    await page.goto(`${server.url}/cashier/deposit/ewallet`);
    await page.getByLabel('Amount', { exact: true }).waitFor();
    await page.waitForTimeout(500);
    await expect(page.getByRole('radio', { name: 'Welcome bonus' }).count()).resolves.toBe(0);

    await page.goto(`${server.url}/cashier/deposit/card`);
    await page.getByRole('radio', { name: 'Welcome bonus' }).check();
    await page.getByLabel('Amount', { exact: true }).fill('75');
    await page.getByTestId('deposit-submit').click();
    await payBySandboxCard(page);
    await page.waitForURL(/\/cashier\/paysuccess\//, { timeout: 15_000 });
    await page.goto(`${server.url}/cashier/wallet`);
    await expect
      .poll(() => page.getByTestId('wallet-bonus').textContent(), { timeout: 15_000 })
      .toContain('$75.00');
    await expect(page.getByTestId('wallet-main').textContent()).resolves.toContain('$75.00');
    await expect(page.getByTestId('wallet-total').textContent()).resolves.toContain('$150.00');
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await screenshot(page, `cashier-wallet-bonus-${viewport.name}`);
    }
    // Now a reload: the welcome offer is gone, the reload offer is there.
    await page.goto(`${server.url}/cashier/deposit/card`);
    await page.getByRole('radio', { name: 'Reload bonus' }).waitFor();
    await expect(page.getByRole('radio', { name: 'Welcome bonus' }).count()).resolves.toBe(0);
    await fresh.close();
  }, 120_000);

  it('renders every cashier screen at 375 and 1440 px', async () => {
    const page = await context.newPage();
    const screens = [
      ['deposit', '/cashier/deposit'],
      ['deposit-card', '/cashier/deposit/card'],
      ['deposit-bank-transfer', '/cashier/deposit/bank_transfer'],
      ['wallet', '/cashier/wallet'],
      ['history', '/cashier/history'],
      ['receipt', '/cashier/receipt'],
      ['paysuccess', '/cashier/paysuccess'],
      ['payfail', '/cashier/payfail'],
      ['paycancel', '/cashier/paycancel'],
      ['paypending', '/cashier/paypending'],
      ['paynewwindow', '/cashier/paynewwindow'],
      ['paymobile', '/cashier/paymobile'],
    ] as const;
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      for (const [name, path] of screens) {
        const response = await page.goto(`${server.url}${path}`);
        expect(response?.status(), path).toBe(200);
        await page.waitForTimeout(1000);
        await page
          .locator('.cs-skeleton')
          .first()
          .waitFor({ state: 'detached', timeout: 10_000 })
          .catch(() => {});
        await screenshot(page, `cashier-${name}-${viewport.name}`);
      }
    }
    await page.close();
  }, 240_000);
});
