/**
 * The player profile journey (issue 6): a new player fills the profile, confirms the e-mail through the dev
 * mailbox, turns on 2FA (TOTP computed by the tests' RFC 6238 authenticator from the shown secret), uploads the
 * four KYC documents that an operator approves in the back-office (/admin, the demo operator of the development
 * run), sets a deposit limit and then cannot deposit above it, and self-excludes for 1 day and cannot sign in to
 * play.
 * The server runs the demo (production build, DEMO_MODE=1) on its embedded database, so the demo operator exists.
 * Screenshots of every profile page at 375 px and 1440 px go to e2e/screenshots/profile-*.png.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpAt } from '../apps/server/src/test/rfc6238-totp.ts';
import { launchBrowser, login, screenshot, USER_AGENT } from './support/browser.ts';
import { mailedCode } from './support/mailbox.ts';
import { E2E_DEMO_OPERATOR, startServer, type TServer } from './support/server.ts';
import { callApi } from './support/site-api.ts';

let server: TServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Marks the journey's progress in the output, so a failure says which step it reached. */
const step = (name: string) => process.stdout.write(`profile journey: ${name}\n`);

const totp = (secret: string) => totpAt(secret);

// A 1×1 PNG: the server checks the type by content, so the files must be real images.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** The site's API, its errors read with their data (the self-exclusion's reason). */
const api = async (context: BrowserContext, name: string, form?: Record<string, string>) =>
  callApi<Record<string, unknown> | null, { type: string; error_data: Record<string, unknown> } | null>(
    context,
    server.url,
    name,
    form,
  );

/** Opens a page and lets it hydrate (the dev server's HMR client may keep the network busy: no hard wait). */
const open = async (page: Page, path: string) => {
  await page.goto(`${server.url}${path}`, { waitUntil: 'load' });
  await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
};

const shootAll = async (page: Page, tag: string, sections: string[]) => {
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    for (const section of sections) {
      await page.goto(`${server.url}/profile/${section}`, { waitUntil: 'load' });
      await page.getByTestId('profile-menu').waitFor();
      await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => undefined);
      await page.waitForTimeout(500);
      // Nothing wider than the screen: tables become cards on a phone.
      await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(
        width,
      );
      await screenshot(page, `profile-${section}${tag}-${width}`);
    }
  }
  await page.setViewportSize({ width: 1440, height: 900 });
};

describe('the player profile', () => {
  it('fills the profile, confirms the e-mail, turns on 2FA, gets verified, limits deposits and self-excludes', async () => {
    const context = await browser.newContext({
      userAgent: USER_AGENT,
      viewport: { width: 1440, height: 900 },
    });
    const { email, password } = await login(context, server.url);
    const page = await context.newPage();
    // The dev server compiles a page on first use, and others edit the tree meanwhile: generous waits.
    page.setDefaultTimeout(45_000);
    page.setDefaultNavigationTimeout(60_000);

    // 1. Personal data for France (its postcode rule: 5 digits); a wrong value is refused on the field first.
    step('personal data');
    await open(page, '/profile/settings');
    const personal = page.getByTestId('personal-data');
    await personal.locator('select[name=country_code]').selectOption('FR');
    await personal.locator('input[name=first_name]').fill('Marie2');
    await personal.locator('input[name=last_name]').fill('Curie');
    await personal.locator('input[name=birth_date]').fill('07111967');
    await personal.locator('input[name=home_town]').fill('Paris');
    await personal.locator('input[name=address]').fill('1 Rue Pierre et Marie Curie');
    await personal.locator('input[name=postcode]').fill('75005');
    await page.getByTestId('save-profile').click();
    await expect(personal.getByText('Wrong symbols in name').textContent()).resolves.toBe(
      'Wrong symbols in name',
    );
    await personal.locator('input[name=first_name]').fill('Marie');
    await page.getByTestId('save-profile').click();
    await page.getByText('Your profile has been saved').waitFor();
    await open(page, '/profile/settings');
    await expect(personal.locator('input[name=birth_date]').inputValue()).resolves.toBe('07.11.1967');
    await expect(personal.locator('input[name=first_name]').inputValue()).resolves.toBe('Marie');

    // 2. Confirm the e-mail: a code by mail, read from the dev mailbox; a wrong code first shows smsCodeError.
    step('confirm e-mail');
    await page.getByTestId('email-send-code').click();
    const codeInput = page.locator('input[name=email-code]');
    await codeInput.fill('000000');
    await page.getByTestId('email-confirm').click();
    await page.getByText('The confirmation code is wrong').waitFor();
    await codeInput.fill(await mailedCode(server.url, email));
    await page.getByTestId('email-confirm').click();
    await page.getByText('Your contact has been confirmed').first().waitFor();
    await page
      .getByTestId('email-status')
      .filter({ hasText: /^Confirmed$/ })
      .waitFor();

    // 3. Two-factor on: the QR and the secret show, the code from the secret confirms.
    step('two-factor');
    await open(page, '/profile/security');
    await page.getByTestId('twofa-enable').click();
    await page.getByAltText('QR code for your authenticator app').waitFor();
    const secret = (await page.getByTestId('twofa-secret').textContent()) ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await page.locator('input[name=twofa-code]').fill(totp(secret));
    await page.getByTestId('twofa-confirm').click();
    await page.getByTestId('twofa-disable').waitFor();
    expect((await api(context, 'account.getInfo')).data?.two_factor_auth).toBe(true);

    // 4. Identity documents: a wrong type is refused before upload; then the four files and the review.
    step('documents');
    await open(page, '/profile/verification');
    await page
      .getByTestId('file-id_front')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await page.getByText('Use a JPEG, PNG or WebP image').waitFor();
    for (const kind of ['id_front', 'id_back', 'selfie', 'proof_of_address']) {
      await page
        .getByTestId(`file-${kind}`)
        .setInputFiles({ name: `${kind}.png`, mimeType: 'image/png', buffer: PNG });
      await page.getByTestId(`upload-${kind}`).getByText('Uploaded').waitFor();
    }
    await page.getByTestId('verification-submit').click();
    await page.locator('[data-testid=verification-status][data-status=on_verification]').waitFor();
    const uid = (await api(context, 'account.getInfo')).data?.uid as number;

    step('back-office approval');
    await approveInBackOffice(uid);
    await open(page, '/profile/verification');
    await page.locator('[data-testid=verification-status][data-status=verified]').waitFor();

    // 5. A deposit limit of $50 a day, then a $100 deposit is refused by the server.
    step('deposit limit');
    await open(page, '/profile/responsible-game');
    await page.locator('input[name=deposit-limit-value]').fill('50');
    await page.getByTestId('deposit-limit-save').click();
    await page.getByTestId('deposit-limit-current').filter({ hasText: '$50.00' }).waitFor();
    const refused = await api(context, 'cashier.makedeposit', { method: 'card', amount: '100' });
    expect(refused.error?.type).toBe('BillingDepositLimitExceededException');

    step('screenshots');
    // A few demo rounds, so the bet history has rows to lay out at 375 px.
    for (let i = 0; i < 3; i++) {
      const round = await api(context, 'games.play', {
        sysname: 'moonmill_pharaohs_lantern',
        mode: 'demo',
        bet: '1',
        params: '{}',
        round_id: '',
      });
      expect(round.error).toBeNull();
    }
    await shootAll(page, '', [
      'settings',
      'security',
      'notification',
      'verification',
      'responsible-game',
      'bets',
    ]);

    // 6. Self-exclusion for 1 day: a strong confirm, then signed out, and sign-in is refused.
    step('self-exclusion');
    await open(page, '/profile/responsible-game');
    await page.locator('select[name=self-exclusion-period]').selectOption('1d');
    await page.getByTestId('self-exclusion-start').click();
    await expect(page.getByTestId('exclusion-confirm-button').isDisabled()).resolves.toBe(true);
    await page.getByTestId('exclusion-understood').check();
    await Promise.all([
      page.waitForURL(`${server.url}/`),
      page.getByTestId('exclusion-confirm-button').click(),
    ]);
    await page.getByTestId('sign-in').waitFor();
    expect((await api(context, 'account.getInfo')).data?.uid).toBe(0);
    const denied = await api(context, 'auth.login', { login: email, password, code: totp(secret) });
    expect(denied.error?.type).toBe('AccessDeniedException');
    expect(denied.error?.error_data.reason).toBe('self_excluded');
    const play = await api(context, 'account.getInfo');
    expect(play.data?.uid).toBe(0);
    await context.close();
  }, 300_000);

  it('answers 404 for an unknown profile section; the unsubscribe page works signed out', async () => {
    const context = await browser.newContext({ userAgent: USER_AGENT });
    await login(context, server.url);
    const page = await context.newPage();
    const response = await page.goto(`${server.url}/profile/nothing-here`);
    expect(response?.status()).toBe(404);
    await context.close();

    const visitor = await browser.newContext({ userAgent: USER_AGENT });
    const link = await visitor.newPage();
    await open(link, '/unsubscribe?uid=1&type=email&token=forged');
    await link.getByTestId('unsubscribe-confirm').click();
    await link.locator('[data-testid=unsubscribe][data-state=invalid]').waitFor();
    await visitor.close();
  });
});

/** The operator approves the player's documents in the back-office (first sign-in enrols the TOTP). */
const approveInBackOffice = async (playerId: number) => {
  const context = await browser.newContext({ userAgent: USER_AGENT });
  const page = await context.newPage();
  await page.goto(`${server.url}/admin/login`);
  await page.locator('input[name=email]').fill(E2E_DEMO_OPERATOR.email);
  await page.locator('input[name=password]').fill(E2E_DEMO_OPERATOR.password);
  await page.locator('button[type=submit]').first().click();
  await page.waitForLoadState('networkidle');
  await page.locator('input[name=code]').fill(totp(E2E_DEMO_OPERATOR.totpSecret));
  await page.locator('form:has(input[name=code]) button[type=submit]').click();
  await page.waitForLoadState('networkidle');
  await page.goto(`${server.url}/admin/kyc/${playerId}`);
  await page.locator(`form[action="/admin/kyc/${playerId}/approve"] button[type=submit]`).click();
  await page.waitForLoadState('networkidle');
  expect(page.url()).toContain('ok=kyc_approved');
  await context.close();
};
