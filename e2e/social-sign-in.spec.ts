/**
 * Social sign-up through the built-in sandbox OpenID Connect provider (spec §2, §4, §7 /oauth/init): the social
 * button opens the 640×480 popup, the tester picks an identity on the sandbox page, the popup closes and the
 * page comes back signed in with the non-closable socialRegistration view, which completes the account.
 * Screenshots of the sign-up popup's social block and of the sandbox popup at 375 and 1440 px.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot, USER_AGENT } from './support/browser.ts';
import { startServer, type TServer } from './support/server.ts';

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

const popup = (page: Page) => page.locator('[role="dialog"]:has([data-auth-view])');

const openRegistration = async (width: number, height: number) => {
  const context = await browser.newContext({
    viewport: { width, height },
    deviceScaleFactor: 1,
    userAgent: USER_AGENT,
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${server.url}/en/gamehall?show_popup_reg=1`);
  await popup(page).locator('[data-auth-view="registration"]').waitFor({ state: 'visible' });
  return { context, page, errors };
};

describe('social sign-in with the sandbox provider', () => {
  it('signs up in the popup, comes back to the page and completes the registration', async () => {
    const { context, page, errors } = await openRegistration(1440, 900);
    // Sign-up is for adults who accept the terms (issue 41): the box gates the social buttons too.
    await popup(page)
      .getByRole('checkbox', { name: /I am at least 18 years old and I accept/ })
      .first()
      .check();
    const button = popup(page).getByRole('button', { name: 'Continue with Sandbox ID' }).first();
    await button.scrollIntoViewIfNeeded();
    await screenshot(page, 'social-sign-in-1440');

    const [window] = await Promise.all([page.waitForEvent('popup'), button.click()]);
    await window.waitForLoadState('domcontentloaded');
    expect(new URL(window.url()).pathname).toBe('/sandbox-oidc/authorize');
    await window.setViewportSize({ width: 640, height: 480 });
    await screenshot(window, 'social-sandbox-popup-640');

    const email = `social${Date.now()}@example.com`;
    await window.getByText('Use another identity').click();
    await window.getByLabel('E-mail', { exact: true }).fill(email);
    await window.getByLabel('Name', { exact: true }).fill('Sonia Social');
    await Promise.all([
      window.waitForEvent('close'),
      window.getByRole('button', { name: 'Continue' }).click(),
    ]);

    // The page the player was on comes back, signed in, with the registration to complete.
    await page.waitForURL(/\/gamehall/);
    await popup(page).locator('[data-auth-view="socialRegistration"]').waitFor({ state: 'visible' });
    await screenshot(page, 'social-registration-1440');
    const dialog = popup(page);
    const country = dialog.getByLabel('Country', { exact: true });
    if (await country.count()) await country.selectOption('DE');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await popup(page).waitFor({ state: 'detached' });

    const info = await context.request.get(`${server.url}/api/account.getInfo?v=1&locale=en`);
    const account = (await info.json()).data as {
      uid: number;
      login: string;
      is_registration_completed: boolean;
    };
    expect(account.uid).toBeGreaterThan(0);
    expect(account.login).toBe(email);
    expect(account.is_registration_completed).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the social buttons and the sandbox page at phone width', async () => {
    const { context, page, errors } = await openRegistration(375, 812);
    // Sign-up is for adults who accept the terms (issue 41): the box gates the social buttons too.
    await popup(page)
      .getByRole('checkbox', { name: /I am at least 18 years old and I accept/ })
      .first()
      .check();
    const button = popup(page).getByRole('button', { name: 'Continue with Sandbox ID' }).first();
    await button.scrollIntoViewIfNeeded();
    await screenshot(page, 'social-sign-in-375');
    const [window] = await Promise.all([page.waitForEvent('popup'), button.click()]);
    await window.waitForLoadState('domcontentloaded');
    await window.setViewportSize({ width: 375, height: 667 });
    await screenshot(window, 'social-sandbox-popup-375');
    await window.close();
    expect(errors).toEqual([]);
    await context.close();
  });
});
