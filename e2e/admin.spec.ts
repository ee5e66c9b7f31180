/**
 * The back-office journey (issue 4 item 9): an operator made with the CLI (`admin:create`) signs in at /admin,
 * enrols TOTP (the code computed here from the printed key), sees a withdrawal a new player just made, approves
 * it; then every admin page is photographed at 1440 px and the queue at 375 px (e2e/screenshots/admin-*.png). A
 * second player's withdrawal is declined behind its confirmation page with a reason; that player sees the money back
 * in the header balance and the decline with its reason in the cashier's history.
 * The server runs with NODE_ENV=development because the player confirms the e-mail through the dev mailbox.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackofficeJourney } from './support/backoffice-journey.ts';
import { login, screenshot, USER_AGENT } from './support/browser.ts';
import { mailedCode } from './support/mailbox.ts';
import { type TCreatedOperator, totp } from './support/operator.ts';
import { payBySandboxCard } from './support/sandbox-card.ts';
import type { TServer } from './support/server.ts';
import { callApi } from './support/site-api.ts';

let server: TServer;
let browser: Browser;
let credentials: TCreatedOperator;
let stop = async () => {};
/** The operator's signed-in tab, kept for the decline (a second TOTP sign-in within 30 s would be a replay). */
let operator: { context: BrowserContext; page: Page } | null = null;

beforeAll(async () => {
  ({
    server,
    browser,
    stop,
    operator: credentials,
  } = await startBackofficeJourney({
    dataDirPrefix: 'casino-admin-e2e-',
    email: 'ops-e2e@example.com',
    role: 'admin',
    env: { NODE_ENV: 'development' },
  }));
  expect(credentials.printed).toMatch(/otpauth_uri: otpauth:\/\/totp\//);
});

afterAll(async () => {
  await operator?.context.close();
  await stop();
});

const api = (context: BrowserContext, name: string, form?: Record<string, string>) =>
  callApi(context, server.url, name, form);

/** A new player with a confirmed e-mail, $100 deposited through the sandbox page, and a $40 card withdrawal. */
const playerWithdraws = async () => {
  const context = await browser.newContext({ userAgent: USER_AGENT });
  const { email } = await login(context, server.url);
  expect((await api(context, 'account.sendconfirmationtocontact', { contact: 'email' })).error).toBeNull();
  const code = await mailedCode(server.url, email);
  expect((await api(context, 'account.confirmContact', { contact: 'email', code })).error).toBeNull();
  const deposit = await api(context, 'cashier.makedeposit', { method: 'card', amount: '100' });
  if (!deposit.data) throw new Error(`makedeposit: ${JSON.stringify(deposit.error)}`);
  const pay = await context.newPage();
  await payBySandboxCard(pay, new URL(String(deposit.data.redirect_url), server.url).toString());
  await pay.close();
  const withdrawal = await api(context, 'cashier.makewithdrawal', {
    method: 'card',
    amount: '40',
    'requisites[card_holder]': 'Test Player',
    'requisites[card_number]': '4111111111111111',
  });
  if (!withdrawal.data) throw new Error(`makewithdrawal: ${JSON.stringify(withdrawal.error)}`);
  const info = await api(context, 'account.getInfo');
  return {
    context,
    email,
    uid: Number(info.data?.uid),
    withdrawalId: String(withdrawal.data.transaction_id),
  };
};

const open = async (page: Page, path: string) => {
  await page.goto(`${server.url}${path}`, { waitUntil: 'networkidle' });
};

describe('the back-office', () => {
  it('an operator signs in with TOTP and approves a withdrawal a player made', {
    timeout: 180_000,
  }, async () => {
    const player = await playerWithdraws();
    const context = await browser.newContext({
      userAgent: USER_AGENT,
      viewport: { width: 1440, height: 900 },
    });
    const page = await context.newPage();

    await open(page, '/admin');
    expect(new URL(page.url()).pathname).toBe('/admin/login');
    await screenshot(page, 'admin-login-1440');
    await page.getByLabel('E-mail').fill(credentials.email);
    await page.getByLabel('Password').fill('wrong-password-here');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('Wrong e-mail or password.').waitFor();
    await page.getByLabel('Password').fill(credentials.password);
    await page.getByRole('button', { name: 'Continue' }).click();

    // First sign-in: enrolment with the QR code; the key printed by the CLI confirms it.
    await page.getByRole('heading', { name: 'Set up two-factor sign-in' }).waitFor();
    await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    await screenshot(page, 'admin-enrol-1440');
    await page.getByLabel(/6-digit code/).fill(totp(credentials.secret));
    await page.getByRole('button', { name: 'Confirm and sign in' }).click();
    await page.getByRole('heading', { name: 'Withdrawals', exact: true }).waitFor();

    const row = page.locator(`tr[data-withdrawal="${player.withdrawalId}"]`);
    await expect(row.textContent()).resolves.toContain('$40.00');
    await expect(row.textContent()).resolves.toContain('•••• 1111');
    await screenshot(page, 'admin-withdrawals-1440');
    await page.setViewportSize({ width: 375, height: 812 });
    await screenshot(page, 'admin-withdrawals-375');
    await page.setViewportSize({ width: 1440, height: 900 });

    await row.getByRole('button', { name: /^Approve/ }).click();
    // Every money action confirms before it acts (ADR 064): the confirmation page says what will be paid.
    await page.getByRole('heading', { name: 'Confirm the payout' }).waitFor();
    await page.getByRole('button', { name: /^Pay out/ }).click();
    await page.getByText('Withdrawal approved: the money is paid out.').waitFor();
    await expect(page.locator(`tr[data-withdrawal="${player.withdrawalId}"]`).count()).resolves.toBe(0);

    // The other pages, for the record (and to look at).
    await open(page, `/admin/withdrawals?status=success`);
    await expect(page.locator(`tr[data-withdrawal="${player.withdrawalId}"]`).count()).resolves.toBe(1);
    await open(page, `/admin/players?q=${encodeURIComponent(player.email)}`);
    await page.getByRole('link', { name: player.email }).waitFor();
    await screenshot(page, 'admin-players-1440');
    await open(page, `/admin/players/${player.uid}`);
    await page.getByRole('heading', { name: 'Ledger entries' }).waitFor();
    await screenshot(page, 'admin-player-1440');
    await open(page, '/admin/kyc');
    await screenshot(page, 'admin-kyc-1440');
    await open(page, '/admin/audit');
    await page.locator('td', { hasText: 'withdrawal.approve' }).first().waitFor();
    await screenshot(page, 'admin-audit-1440');

    // Keyboard: the skip link is the first stop and leads to the content.
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Skip to content');
    operator = { context, page };
    await player.context.close();
  });

  it('an operator declines a withdrawal with a reason; the player sees the money back and why', {
    timeout: 180_000,
  }, async () => {
    if (!operator) throw new Error('the operator did not sign in');
    const { page } = operator;
    const player = await playerWithdraws();
    const reason = 'The card holder does not match the account name';

    await open(page, '/admin/withdrawals');
    const row = page.locator(`tr[data-withdrawal="${player.withdrawalId}"]`);
    await expect(row.textContent()).resolves.toContain('$40.00');
    await row.getByLabel(/^Decline \$40\.00 to /).click();
    await row.getByLabel(/^Reason/).fill(reason);
    await row.getByRole('button', { name: 'Decline and refund…' }).click();
    // The decline confirms on its own page (ADR 064): what goes back, the reason, nothing moved yet.
    await page.getByRole('heading', { name: 'Confirm the decline' }).waitFor();
    await expect(page.locator('body').textContent()).resolves.toContain('$40.00 goes back to the player');
    await expect(page.getByLabel('Reason for the decline').inputValue()).resolves.toBe(reason);
    await screenshot(page, 'admin-withdrawal-decline-confirm-1440');
    await page.getByRole('button', { name: 'Decline and refund $40.00' }).click();
    await page.getByText("Withdrawal declined: the money is back on the player's main balance.").waitFor();
    await expect(page.locator(`tr[data-withdrawal="${player.withdrawalId}"]`).count()).resolves.toBe(0);
    // The declined tab says who declined it and why.
    await open(page, '/admin/withdrawals?status=failed');
    const declined = page.locator(`tr[data-withdrawal="${player.withdrawalId}"]`);
    await expect(declined.locator('[data-decline-reason]').textContent()).resolves.toContain(reason);
    await screenshot(page, 'admin-withdrawals-declined-1440');

    // The player: $100 deposited, $40 held and then given back: $100.00 again, and the history says why.
    const site = await player.context.newPage();
    await site.setViewportSize({ width: 1440, height: 900 });
    await site.goto(`${server.url}/cashier/history`, { waitUntil: 'load' });
    await expect
      .poll(() => site.getByTestId('balance').first().textContent(), { timeout: 15_000 })
      .toBe('$100.00');
    const item = site.locator('[data-testid="history-item"][data-status="failed"]').first();
    await item.waitFor();
    await expect(item.getByTestId('refund-reason').textContent()).resolves.toContain(
      'Declined by our team: the money is back in your balance.',
    );
    await expect(item.getByTestId('decline-reason').textContent()).resolves.toBe(`Reason: ${reason}`);
    await expect(item.getByTestId('history-amount').textContent()).resolves.toBe('$40.00');
    await screenshot(site, 'cashier-history-declined-1440');
    await player.context.close();
  });
});
