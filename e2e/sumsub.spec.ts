/**
 * Sumsub as the identity-verification provider (issue 39): the server runs the demo with Sumsub configured
 * against a local stand-in speaking Sumsub's documented API (apps/server/src/modules/verification/sumsub/
 * stand-in.ts). A new player opens /profile/verification: the page loads Sumsub's WebSDK script from its
 * documented address (served here by a stub that defines the script's global, as the vendor's script cannot be
 * fetched offline) and launches it with the access token our server got from the stand-in; the stand-in then
 * plays Sumsub's applicantReviewed webhook (GREEN, signed with X-Payload-Digest) and the page shows the player
 * verified. A webhook with a bad digest is refused. Screenshots: e2e/screenshots/sumsub-*.png.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startSumsubStandIn,
  type TSumsubStandIn,
} from '../apps/server/src/modules/verification/sumsub/stand-in.ts';
import { launchBrowser, login, screenshot, USER_AGENT } from './support/browser.ts';
import { startServer, type TServer } from './support/server.ts';

const SUMSUB = {
  appToken: 'sbx:e2e-app-token',
  secretKey: 'e2e-sumsub-secret-key-0123456789abcdef',
  levelName: 'basic-kyc-level',
  webhookSecret: 'e2e-sumsub-webhook-secret-0123456789abcdef',
};

/**
 * What stands in for the vendor's script: the documented global, whose launch() draws a marker with the token
 * it was given and keeps the event handlers the page registered (window.__sumsubEvents).
 */
const WEBSDK_STUB = `
window.snsWebSdk = {
  init: function (token) {
    var handlers = {};
    var builder = {
      withConf: function () { return builder; },
      withOptions: function () { return builder; },
      on: function (event, handler) { handlers[event] = handler; return builder; },
      build: function () {
        return {
          launch: function (container) {
            var node = typeof container === 'string' ? document.querySelector(container) : container;
            var marker = document.createElement('div');
            marker.setAttribute('data-testid', 'websdk-stub');
            marker.setAttribute('data-token', token);
            marker.textContent = 'Sumsub WebSDK (stand-in)';
            marker.style.cssText = 'padding:48px;border:2px dashed #3b82f6;border-radius:16px;text-align:center';
            node.appendChild(marker);
            window.__sumsubEvents = handlers;
          },
          destroy: function () {}
        };
      }
    };
    return builder;
  }
};`;

let sumsub: TSumsubStandIn;
let server: TServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const errors: string[] = [];
const scriptRequests: string[] = [];

beforeAll(async () => {
  sumsub = await startSumsubStandIn(SUMSUB);
  server = await startServer({
    SUMSUB_APP_TOKEN: SUMSUB.appToken,
    SUMSUB_SECRET_KEY: SUMSUB.secretKey,
    SUMSUB_LEVEL_NAME: SUMSUB.levelName,
    SUMSUB_WEBHOOK_SECRET: SUMSUB.webhookSecret,
    SUMSUB_BASE_URL: sumsub.url,
  });
  sumsub.setWebhookTarget(`${server.url}/webhooks/sumsub`);
  browser = await launchBrowser();
  context = await browser.newContext({ userAgent: USER_AGENT, viewport: { width: 1440, height: 900 } });
  await context.route('https://static.sumsub.com/**', async (route) => {
    scriptRequests.push(route.request().url());
    await route.fulfill({ status: 200, contentType: 'application/javascript', body: WEBSDK_STUB });
  });
  page = await context.newPage();
  page.on('pageerror', (error) => errors.push(error.message));
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
  await sumsub?.close();
});

const step = (name: string) => process.stdout.write(`sumsub: ${name}\n`);

describe('identity verification through Sumsub', () => {
  it('a player passes verification through the stand-in webhook and the site shows verified', async () => {
    step('a new player opens the verification page');
    await login(context, server.url);
    await page.goto(`${server.url}/profile/verification`, { waitUntil: 'load' });
    const marker = page.getByTestId('websdk-stub');
    await marker.waitFor({ timeout: 20_000 });
    expect(scriptRequests).toEqual(['https://static.sumsub.com/idensic/static/sns-websdk-builder.js']);
    expect(await page.getByTestId('upload-id_front').count()).toBe(0);
    await page.locator('[data-testid=verification-status][data-status=none]').waitFor();

    step('our server created the applicant and got the WebSDK token from Sumsub');
    const created = sumsub.calls.find((c) => c.path.startsWith('/resources/applicants?levelName='));
    expect(created?.path).toBe('/resources/applicants?levelName=basic-kyc-level');
    const playerId = String(created?.body.externalUserId);
    expect(playerId).toMatch(/^\d+$/);
    const tokenCall = sumsub.calls.find((c) => c.path === '/resources/accessTokens/sdk');
    expect(tokenCall?.body).toMatchObject({ userId: playerId, levelName: 'basic-kyc-level' });
    expect(await marker.getAttribute('data-token')).toMatch(/^_act-sbx-/);
    await screenshot(page, 'sumsub-websdk-1440');

    step('a webhook with a bad digest is refused');
    const forged = await sumsub.postWebhook(
      { type: 'applicantReviewed', externalUserId: playerId, reviewResult: { reviewAnswer: 'GREEN' } },
      { digest: '0'.repeat(64) },
    );
    expect(forged.status).toBe(401);

    step("Sumsub's applicantReviewed GREEN arrives; the page shows the player verified");
    const reviewed = await sumsub.review(playerId, 'GREEN');
    expect(reviewed).toMatchObject({ status: 200, body: { ok: true, outcome: 'applied' } });
    // The page asks again by itself (every few seconds while undecided): no reload.
    await page
      .locator('[data-testid=verification-status][data-status=verified]')
      .waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('sumsub-verification').count()).toBe(0);
    await screenshot(page, 'sumsub-verified-1440');

    step('the replayed webhook changes nothing');
    const replay = await sumsub.postWebhook({}, { raw: reviewed.raw });
    expect(replay).toMatchObject({ status: 200, body: { outcome: 'replay' } });
    expect(errors).toEqual([]);
  }, 180_000);
});
