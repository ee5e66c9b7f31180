/**
 * Issue 16 item 4 in the browser: a visitor lands from a campaign link, the site's /hit beacon records the first
 * touch, a second visit does not replace it, the visitor registers, and the operator sees the sign-up source on
 * the player's back-office page (screenshots at 375 and 1440 px).
 */
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackofficeJourney } from './support/backoffice-journey.ts';
import { login, SCREENSHOTS, USER_AGENT } from './support/browser.ts';
import { signedInTab, type TOperatorLogin } from './support/operator.ts';
import type { TServer } from './support/server.ts';

let server: TServer;
let browser: Browser;
let operator: TOperatorLogin;
let stop = async () => {};

beforeAll(async () => {
  ({ server, browser, operator, stop } = await startBackofficeJourney({
    dataDirPrefix: 'casino-source-e2e-',
    email: 'source-e2e@example.com',
    role: 'admin',
  }));
}, 400_000);
afterAll(() => stop());

describe('sign-up source', () => {
  it('records the first touch from the beacon and shows it to the operator', async () => {
    const context = await browser.newContext({ userAgent: USER_AGENT });
    const page = await context.newPage();
    const firstHit = page.waitForRequest((r) => new URL(r.url()).pathname === '/hit', { timeout: 15_000 });
    await page.goto(`${server.url}/?utm_source=newsletter&utm_medium=email&utm_campaign=spring`, {
      referer: 'https://search.example/results?q=private',
    });
    expect(new URL((await firstHit).url()).searchParams.get('utm_source')).toBe('newsletter');
    // a later visit from another campaign
    const secondHit = page.waitForResponse((r) => new URL(r.url()).pathname === '/hit', { timeout: 15_000 });
    await page.goto(`${server.url}/?utm_source=banner`);
    await secondHit;

    await login(context, server.url);
    const info = (await (
      await context.request.get(`${server.url}/api/account.getInfo?v=1&locale=en`)
    ).json()) as {
      data: { uid: number };
    };
    expect(info.data.uid).toBeGreaterThan(0);
    await context.close();

    const { context: ops, page: admin } = await signedInTab(browser, server.url, operator);
    await admin.goto(`${server.url}/admin/players/${info.data.uid}`);
    const panel = admin.locator('section[aria-labelledby="source-title"]');
    const text = await panel.innerText();
    expect(text).toContain('newsletter / email / spring');
    expect(text).toContain('https://search.example/results');
    expect(text).not.toContain('private');
    expect(text).not.toContain('banner');
    for (const width of [1440, 375]) {
      await admin.setViewportSize({ width, height: 900 });
      await panel.scrollIntoViewIfNeeded();
      await admin.screenshot({ path: join(SCREENSHOTS, `backoffice-sign-up-source-${width}.png`) });
    }
    await ops.close();
  });
});
