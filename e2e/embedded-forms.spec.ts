/**
 * The embedding frame's forms (`/forms/sign_in`, `/forms/sign_up`): drawn without the banner in a 560 px frame,
 * and a login inside the frame tells the parent page `refresh_user` (spec §2 embedded forms).
 */
import { join } from 'node:path';
import type { Browser, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, login, SCREENSHOTS, USER_AGENT } from './support/browser.ts';
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

/** A page of the main site's origin that frames a form 560 px wide and records the messages it gets. */
const hostPage = async (page: Page, form: 'sign_in' | 'sign_up') => {
  const hostUrl = `${server.url}/__embed-host-${form}`;
  await page.route(hostUrl, (route) =>
    route.fulfill({
      contentType: 'text/html; charset=utf-8',
      body: `<!doctype html><html><body style="margin:0;background:#222">
<script>window.received = []; addEventListener('message', (e) => window.received.push(e.data));</script>
<iframe id="frame" title="Sign in" src="/forms/${form}" style="width:560px;height:820px;border:0"></iframe>
</body></html>`,
    }),
  );
  await page.goto(hostUrl);
  const frame = (await (await page.$('#frame'))?.contentFrame()) as Frame;
  await frame.waitForLoadState();
  return frame;
};

describe('the embedded forms', () => {
  it('signs in inside a 560 px frame and posts refresh_user to the parent page', async () => {
    const setup = await browser.newContext({ userAgent: USER_AGENT });
    const { email, password } = await login(setup, server.url);
    await setup.close();

    const context = await browser.newContext({
      viewport: { width: 800, height: 900 },
      userAgent: USER_AGENT,
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const frame = await hostPage(page, 'sign_in');
    const form = frame.locator('[data-embedded-form="sign_in"] [data-auth-view="authorization"]');
    await form.waitFor();
    // The banner would squeeze the form in the frame: it is not there, and the form has the full width.
    await expect(frame.locator('[data-banner-type]').isVisible()).resolves.toBe(false);
    const box = await frame.getByLabel('Email', { exact: true }).boundingBox();
    expect(box?.width).toBeGreaterThan(440);
    await page.screenshot({ path: join(SCREENSHOTS, 'embedded-sign-in-560.png') });

    // Hydrated: the submit button answers (a click before hydration would post the form natively).
    await frame.waitForFunction(() =>
      Object.keys(document.querySelector('form') ?? {}).some((k) => k.startsWith('__react')),
    );
    await frame.getByLabel('Email', { exact: true }).fill(email);
    await frame.getByLabel('Password', { exact: true }).fill(password);
    await frame.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForFunction(() =>
      (window as unknown as { received: { type?: string }[] }).received.some(
        (m) => m?.type === 'refresh_user',
      ),
    );
    // The frame stays where it is: the parent decides what to do next.
    expect(new URL(frame.url()).pathname).toBe('/forms/sign_in');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('draws the registration form in the frame without the banner', async () => {
    const context = await browser.newContext({
      viewport: { width: 800, height: 900 },
      userAgent: USER_AGENT,
    });
    const page = await context.newPage();
    const frame = await hostPage(page, 'sign_up');
    await frame.locator('[data-embedded-form="sign_up"] [data-auth-view="registration"]').waitFor();
    await expect(frame.locator('[data-banner-type]').isVisible()).resolves.toBe(false);
    // The forms are drawn once the operator's config has arrived, a moment after the view.
    await expect.poll(() => frame.getByRole('tab').count(), { timeout: 10_000 }).toBeGreaterThan(1);
    await page.screenshot({ path: join(SCREENSHOTS, 'embedded-sign-up-560.png') });
    await context.close();
  });
});
