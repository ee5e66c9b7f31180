/**
 * Journeys of the authentication popup (spec §2, §4) in Chromium against the production server: sign-up from
 * the access rule, login with two-factor, password restore through the dev mailbox, prevent_close, Esc,
 * show_popup_reg and `#real`; then screenshots of every popup view at 375 and 1440 px.
 */
import { createHash, createHmac } from 'node:crypto';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpAt } from '../apps/server/src/test/rfc6238-totp.ts';
import { untilDepositPage } from './support/after-sign-up.ts';
import { launchBrowser, SCREENSHOTS, USER_AGENT } from './support/browser.ts';
import { startServer, type TServer } from './support/server.ts';

const TELEGRAM_BOT_TOKEN = '123456:e2e-test-bot-token';

let server: TServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer({ TELEGRAM_BOT_TOKEN });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

let counter = 0;
const freshEmail = (tag: string) => {
  counter += 1;
  return `${tag}${Date.now()}${counter}@example.com`;
};

const newPage = async (viewport = { width: 1280, height: 900 }) => {
  const context = await browser.newContext({ viewport, deviceScaleFactor: 1, userAgent: USER_AGENT });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
};

/** The popup dialog (there is one at a time) and the view it shows. */
const popup = (page: Page) => page.locator('[role="dialog"]:has([data-auth-view])');
const expectView = async (page: Page, view: string) => {
  await popup(page).locator(`[data-auth-view="${view}"]`).waitFor({ state: 'visible' });
};
const field = (scope: Locator, label: string) => scope.getByLabel(label, { exact: true });

/** Posts an API call with the context's cookies (the player's session), as the site does. */
const call = async (
  context: BrowserContext,
  name: string,
  form: Record<string, string> = {},
): Promise<{ data: unknown; error: unknown }> => {
  const response = await context.request.post(`${server.url}/api/${name}?v=1&locale=en`, {
    form,
    headers: { origin: server.url },
  });
  return (await response.json()) as { data: unknown; error: unknown };
};

/** A player registered through the API, signed in inside `context`. */
const registerPlayer = async (context: BrowserContext) => {
  const email = freshEmail('player');
  const password = 'secret-pass-1';
  const body = await call(context, 'auth.register', {
    form_type: 'fast',
    is_fast: '1',
    email,
    password,
    password_confirmation: password,
    currency: 'USD',
    terms: '1',
  });
  if (body.error) throw new Error(`registration failed: ${JSON.stringify(body.error)}`);
  return { email, password };
};

/** The code an authenticator app would show (at `offsetSeconds` from now), from the tests' RFC 6238 authenticator. */
const totp = (secret: string, offsetSeconds = 0) =>
  totpAt(secret, new Date(Date.now() + offsetSeconds * 1000));

/**
 * Waits out the last 3 s of a 30 s TOTP step, so that a code computed now is checked by the server in the same
 * step: a code of the step before, sent just before a step ends, reached the server two steps behind (refused).
 */
const awayFromStepEnd = async () => {
  const intoStep = Date.now() % 30_000;
  if (intoStep > 27_000) await new Promise((resolve) => setTimeout(resolve, 30_000 - intoStep + 200));
};

const signInThroughPopup = async (page: Page, login: string, password: string) => {
  const dialog = popup(page);
  await field(dialog, 'Email').fill(login);
  await field(dialog, 'Password').fill(password);
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
};

describe('the authentication popup', () => {
  it('takes a visitor from the cashier through sign-up to the deposit page', async () => {
    const { context, page, errors } = await newPage();
    await page.goto(`${server.url}/cashier`);
    const landed = new URL(page.url());
    expect(landed.pathname).toBe('/');
    expect(landed.searchParams.get('redirectUrl')).toBe('/cashier');

    await page.getByTestId('sign-up').first().click();
    await expectView(page, 'registration');
    expect(new URL(page.url()).searchParams.get('redirectUrl')).toBe('/cashier');
    const dialog = popup(page);
    await dialog.getByRole('tab', { name: 'Quick' }).click();
    const email = freshEmail('signup');
    await field(dialog, 'Email').fill(email);
    await field(dialog, 'Password').fill('secret-pass-1');
    // The operator's form may ask for more: a country and the terms box.
    const country = dialog.getByLabel('Country', { exact: true });
    if (await country.count()) await country.selectOption('DE');
    const terms = dialog.getByRole('checkbox', { name: /Terms and Conditions/ });
    if (await terms.count()) await terms.check();
    await dialog.getByRole('button', { name: 'Register', exact: true }).click();

    await untilDepositPage(page);
    await popup(page).waitFor({ state: 'detached' });
    await expect(page.getByTestId('sign-up').count()).resolves.toBe(0);
    const info = (await (
      await context.request.get(`${server.url}/api/account.getInfo?v=1&locale=en`)
    ).json()) as { data: { email?: string; login?: string } };
    expect([info.data.email, info.data.login]).toContain(email);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('signs in with a two-factor code typed into the popup', async () => {
    const setupContext = await browser.newContext({ userAgent: USER_AGENT });
    const { email, password } = await registerPlayer(setupContext);
    const setup = (await call(setupContext, 'account.changeTwoFactorAuth')) as { data: { secret: string } };
    const secret = setup.data.secret;
    expect(secret).toMatch(/^[A-Z2-7]+=*$/);
    // The step before the current one: the code typed at sign-in must be a newer step (no replays).
    await awayFromStepEnd();
    const confirmed = await call(setupContext, 'account.confirmTwoFactorAuth', { code: totp(secret, -30) });
    expect(confirmed.error).toBeNull();
    await setupContext.close();

    const { context, page, errors } = await newPage();
    await page.goto(`${server.url}/?show_popup_auth=1`);
    await expectView(page, 'authorization');
    await signInThroughPopup(page, email, password);
    await expectView(page, 'twofa');
    const code = popup(page).getByLabel('Code', { exact: true });
    await code.fill('000000');
    await popup(page).getByRole('button', { name: 'Confirm' }).click();
    await popup(page).getByText('The code is invalid').waitFor();
    await code.fill(totp(secret));
    await popup(page).getByRole('button', { name: 'Confirm' }).click();
    await popup(page).waitFor({ state: 'detached' });
    await page.getByTestId('balance').first().waitFor();
    await page.waitForURL((url) => url.pathname === '/' && !url.searchParams.has('show_popup_auth'));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('restores a password with the e-mailed link and signs in with the new one', async () => {
    const setupContext = await browser.newContext({ userAgent: USER_AGENT });
    const { email } = await registerPlayer(setupContext);
    await setupContext.close();

    const { context, page, errors } = await newPage();
    await page.goto(`${server.url}/?show_popup_auth=1`);
    await expectView(page, 'authorization');
    await popup(page).getByRole('button', { name: 'Forgot your password?' }).click();
    await expectView(page, 'restore');
    await field(popup(page), 'Email or phone').fill(email);
    await popup(page).getByRole('button', { name: 'Restore password' }).click();
    await popup(page).getByRole('status').waitFor();

    const mail = (await (
      await fetch(`${server.url}/dev/mailbox.json?to=${encodeURIComponent(email)}`)
    ).json()) as { bodyText: string }[];
    const link = mail
      .map((m) => /https?:\/\/\S+\/password-reset\?token=[\w-]+/.exec(m.bodyText)?.[0])
      .find(Boolean);
    expect(link).toBeTruthy();
    const token = new URL(link as string).searchParams.get('token');
    await page.goto(`${server.url}/password-reset?token=${token}`);
    await page.locator('input[name="password"]').fill('brand-new-pass-2');
    await page.locator('input[name="password_confirmation"]').fill('brand-new-pass-2');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { name: 'Your password has been changed' }).waitFor();

    await page.getByRole('status').getByRole('link', { name: 'Sign in' }).click();
    await expectView(page, 'authorization');
    await signInThroughPopup(page, email, 'secret-pass-1');
    await popup(page).getByText('Wrong login or password').waitFor();
    await field(popup(page), 'Password').fill('brand-new-pass-2');
    await popup(page).getByRole('button', { name: 'Sign in', exact: true }).click();
    await popup(page).waitFor({ state: 'detached' });
    await page.getByTestId('balance').first().waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps a prevent_close popup open: no close button, Esc does nothing', async () => {
    const { context, page } = await newPage();
    await page.goto(`${server.url}/?show_popup_auth=1&prevent_close=1`);
    await expectView(page, 'authorization');
    await expect(popup(page).locator('[data-dialog-close]').count()).resolves.toBe(0);
    await field(popup(page), 'Email').focus();
    await page.keyboard.press('Escape');
    // The Esc handler has run once the next frame is painted.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
    await expect(popup(page).isVisible()).resolves.toBe(true);
    await context.close();
  });

  it('closes an ordinary popup with Esc and takes the flag off the URL', async () => {
    const { context, page } = await newPage();
    await page.goto(`${server.url}/?show_popup_auth=1&tab=1`);
    await expectView(page, 'authorization');
    await expect(popup(page).locator('[data-dialog-close]').count()).resolves.toBe(1);
    await page.keyboard.press('Escape');
    await popup(page).waitFor({ state: 'detached' });
    await page.waitForURL((url) => !url.searchParams.has('show_popup_auth'));
    expect(new URL(page.url()).searchParams.get('tab')).toBe('1');
    await context.close();
  });

  it('opens registration for show_popup_reg and removes the flag on close', async () => {
    const { context, page } = await newPage();
    await page.goto(`${server.url}/gamehall?show_popup_reg=1`);
    await expectView(page, 'registration');
    await popup(page).locator('[data-dialog-close]').click();
    await popup(page).waitFor({ state: 'detached' });
    await page.waitForURL((url) => url.pathname === '/gamehall' && !url.searchParams.has('show_popup_reg'));
    // The flag was kept in local storage until the close: a reload does not open the popup again.
    await page.reload();
    await page.getByTestId('sign-in').first().waitFor();
    await expect(page.evaluate(() => localStorage.getItem('show_popup_reg'))).resolves.toBeNull();
    await expect(popup(page).count()).resolves.toBe(0);
    await context.close();
  });

  it('opens registration for #real on a game page and goes to the index on close', async () => {
    const { context, page } = await newPage();
    await page.goto(`${server.url}/game/sparkrush_rocket_rush#real`);
    await expectView(page, 'registration');
    await popup(page).locator('[data-dialog-close]').click();
    await page.waitForURL((url) => url.pathname === '/');
    await popup(page).waitFor({ state: 'detached' });
    await context.close();
  });

  it('shows a signed-in player whose registration is not complete the non-closable socialRegistration', async () => {
    const { context, page } = await newPage();
    await telegramSignUp(context, '7001');
    await page.goto(`${server.url}/`);
    await expectView(page, 'socialRegistration');
    await expect(popup(page).locator('[data-dialog-close]').count()).resolves.toBe(0);
    await page.keyboard.press('Escape');
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
    await expect(popup(page).isVisible()).resolves.toBe(true);
    await context.close();
  });
});

/** A Telegram Login Widget sign-up signed with the server's bot token: a player with an incomplete registration. */
const telegramSignUp = async (context: BrowserContext, id: string) => {
  const fields: Record<string, string> = {
    id,
    first_name: 'Mira',
    username: `mira${id}`,
    auth_date: String(Math.floor(Date.now() / 1000)),
  };
  const check = Object.keys(fields)
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join('\n');
  const hash = createHmac('sha256', createHash('sha256').update(TELEGRAM_BOT_TOKEN).digest())
    .update(check)
    .digest('hex');
  const body = await call(context, 'auth.register', { is_tg: '1', ...fields, hash, terms: '1' });
  if (body.error) throw new Error(`telegram sign-up failed: ${JSON.stringify(body.error)}`);
};

/** The viewport as the player sees it: the popup is fixed over the page, so never a full-page capture. */
const screenshot = (page: Page, name: string) => page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });

describe('screenshots of the popup views', () => {
  const VIEWPORTS = [
    { width: 375, height: 812 },
    { width: 1440, height: 900 },
  ];

  it('takes login, registration, restore, twofa and socialRegistration at 375 and 1440 px', async () => {
    const setupContext = await browser.newContext({ userAgent: USER_AGENT });
    const { email, password } = await registerPlayer(setupContext);
    const setup = (await call(setupContext, 'account.changeTwoFactorAuth')) as { data: { secret: string } };
    await call(setupContext, 'account.confirmTwoFactorAuth', { code: totp(setup.data.secret, -30) });
    await setupContext.close();

    for (const viewport of VIEWPORTS) {
      const { context, page } = await newPage(viewport);
      await page.goto(`${server.url}/?show_popup_auth=1`);
      await expectView(page, 'authorization');
      await screenshot(page, `popup-login-${viewport.width}`);
      await popup(page).getByRole('button', { name: 'Forgot your password?' }).click();
      await expectView(page, 'restore');
      await screenshot(page, `popup-restore-${viewport.width}`);
      await popup(page).getByRole('button', { name: 'Back to sign in' }).click();
      await expectView(page, 'authorization');
      await popup(page).getByRole('button', { name: 'Register', exact: true }).click();
      await expectView(page, 'registration');
      await screenshot(page, `popup-registration-${viewport.width}`);
      await popup(page).getByRole('button', { name: 'Sign in', exact: true }).click();
      await expectView(page, 'authorization');
      await signInThroughPopup(page, email, password);
      await expectView(page, 'twofa');
      await screenshot(page, `popup-twofa-${viewport.width}`);
      await context.close();

      const social = await newPage(viewport);
      await telegramSignUp(social.context, `80${viewport.width}`);
      await social.page.goto(`${server.url}/`);
      await expectView(social.page, 'socialRegistration');
      await screenshot(social.page, `popup-social-registration-${viewport.width}`);
      await social.context.close();
    }
  }, 180_000);
});
