/**
 * Issue 16, integrations: the live chat loads on the visitor's first interaction (a fake JivoChat served by the
 * test at the vendor's address, never the network), the consent banner gates an analytics tag, and /support.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, MOBILE_USER_AGENT, screenshot, USER_AGENT } from './support/browser.ts';
import { E2E_SECRETS, freshDataDir, ROOT, startServer, type TServer } from './support/server.ts';

let server: TServer;
let browser: Browser;
let dataDir: string;

/** JivoChat's loader API as the fake vendor script installs it: records every call, shows a <jdiv>. */
const FAKE_JIVO = `
  window.__jivoCalls = [];
  const record = (name) => (...args) => window.__jivoCalls.push([name, ...args]);
  const widget = document.createElement('jdiv');
  widget.id = 'fake-jivo';
  widget.textContent = 'Fake chat';
  widget.style.cssText = 'position:fixed;bottom:16px;right:16px;background:#fff;color:#000;padding:8px';
  document.body.appendChild(widget);
  window.jivo_api = {
    setContactInfo: record('setContactInfo'),
    setCustomData: record('setCustomData'),
    open: record('open'),
    close: record('close'),
    clearHistory: record('clearHistory'),
  };
  window.jivo_onLoadCallback && window.jivo_onLoadCallback();
`;

beforeAll(async () => {
  dataDir = freshDataDir('casino-integrations-e2e-');
  const siteConfig = JSON.parse(readFileSync(join(ROOT, 'content/site-config.json'), 'utf8'));
  siteConfig.analytics.tagId = 'G-E2ETEST';
  const chat = JSON.parse(readFileSync(join(ROOT, 'content/chat.json'), 'utf8'));
  chat.chat = 'jivosite';
  chat.settings.jivosite.id = 'e2e-widget';
  const { DATABASE_URL: _db, ...env } = process.env;
  execFileSync(
    process.execPath,
    ['e2e/support/set-setting.ts', JSON.stringify({ chat, 'site-config': siteConfig })],
    { cwd: ROOT, env: { ...env, ...E2E_SECRETS, DATA_DIR: dataDir }, encoding: 'utf8' },
  );
  server = await startServer({ DATA_DIR: dataDir });
  browser = await launchBrowser();
}, 400_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A context whose vendor hosts answer with the test's fakes; the requests are recorded. */
const fakeVendors = async (context: BrowserContext) => {
  const requested: string[] = [];
  await context.route('https://code.jivosite.com/**', (route) => {
    requested.push(route.request().url());
    return route.fulfill({ contentType: 'application/javascript', body: FAKE_JIVO });
  });
  await context.route('https://www.googletagmanager.com/**', (route) => {
    requested.push(route.request().url());
    return route.fulfill({ contentType: 'application/javascript', body: 'window.__gtagLoaded = true;' });
  });
  return requested;
};

const hydrated = (page: Page) =>
  page.waitForFunction(() => Object.keys(document).some((k) => k.startsWith('__reactContainer')), null, {
    timeout: 20_000,
  });

describe('integrations in Chromium', () => {
  it('loads the live chat on the first interaction, with the visitor info, under the CSP', {
    timeout: 300_000,
  }, async () => {
    const context = await browser.newContext({
      userAgent: USER_AGENT,
      viewport: { width: 1440, height: 900 },
    });
    // A browser that never goes idle: only an interaction may start the chat.
    await context.addInitScript(() => {
      window.requestIdleCallback = () => 0;
      const w = window as unknown as { cspViolations: string[] };
      w.cspViolations = [];
      document.addEventListener('securitypolicyviolation', (e) => w.cspViolations.push(e.blockedURI));
    });
    const requested = await fakeVendors(context);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    const response = await page.goto(`${server.url}/support`, { waitUntil: 'load' });
    expect(response?.headers()['content-security-policy']).toContain('https://code.jivosite.com');
    await hydrated(page);
    await page.waitForTimeout(1_500);
    expect(requested.filter((u) => u.includes('jivosite'))).toEqual([]);
    await expect(page.locator('#fake-jivo').count()).resolves.toBe(0);

    await page.mouse.move(200, 200);
    await page.locator('#fake-jivo').waitFor({ timeout: 10_000 });
    expect(requested).toContain('https://code.jivosite.com/widget/e2e-widget');
    const calls = await page.evaluate(() => (window as unknown as { __jivoCalls: unknown[][] }).__jivoCalls);
    expect(calls).toContainEqual(['setCustomData', [{ title: 'UID', content: '0' }]]);

    // The support page's launcher opens the widget's window.
    await page.getByRole('button', { name: 'Open the chat' }).click();
    await expect(
      page.evaluate(() => (window as unknown as { __jivoCalls: unknown[][] }).__jivoCalls.at(-1)),
    ).resolves.toEqual(['open']);
    await expect(
      page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations),
    ).resolves.toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('asks for consent before the analytics tag loads, and again from the footer', {
    timeout: 300_000,
  }, async () => {
    for (const [width, height, userAgent] of [
      [375, 812, MOBILE_USER_AGENT],
      [1440, 900, USER_AGENT],
    ] as const) {
      const context = await browser.newContext({ userAgent, viewport: { width, height } });
      const requested = await fakeVendors(context);
      const page = await context.newPage();
      await page.goto(`${server.url}/`, { waitUntil: 'load' });
      const banner = page.getByTestId('consent-banner');
      await banner.waitFor({ timeout: 15_000 });
      await screenshot(page, `consent-banner-${width}`);
      expect(requested.filter((u) => u.includes('googletagmanager'))).toEqual([]);
      await banner.getByRole('button', { name: 'Choose' }).click();
      await page.screenshot({ path: join(ROOT, `e2e/screenshots/consent-choose-${width}.png`) });
      await banner.getByRole('button', { name: 'Accept all' }).click();
      await expect(banner.count()).resolves.toBe(0);
      await page.waitForFunction(
        () => (window as unknown as { __gtagLoaded?: boolean }).__gtagLoaded === true,
      );
      expect(requested).toContain('https://www.googletagmanager.com/gtag/js?id=G-E2ETEST');

      await page.reload({ waitUntil: 'load' });
      await hydrated(page);
      await page.waitForTimeout(1_000);
      await expect(page.getByTestId('consent-banner').count()).resolves.toBe(0);
      await page.getByRole('button', { name: 'Cookie settings' }).click();
      await page.getByTestId('consent-banner').waitFor();
      await expect(page.getByRole('checkbox', { name: /Marketing/ }).isChecked()).resolves.toBe(true);
      await context.close();
    }
  });

  it('shows /support: the FAQ search, and the feedback form checks and sends', {
    timeout: 300_000,
  }, async () => {
    for (const [width, height, userAgent] of [
      [375, 812, MOBILE_USER_AGENT],
      [1440, 900, USER_AGENT],
    ] as const) {
      const context = await browser.newContext({ userAgent, viewport: { width, height } });
      await fakeVendors(context);
      await context.addInitScript(() =>
        window.localStorage.setItem(
          'cookie-consent',
          JSON.stringify({ v: 1, analytics: false, marketing: false, at: Date.now() }),
        ),
      );
      const page = await context.newPage();
      await page.goto(`${server.url}/support`, { waitUntil: 'load' });
      await hydrated(page);
      // The page's own FAQPage beside the site's Organization (issue 40's structured data).
      const ld = await page.locator('script[type="application/ld+json"]').allTextContents();
      expect(ld.map((text) => (JSON.parse(text) as { '@type': string })['@type'])).toContain('FAQPage');
      await screenshot(page, `support-${width}`);
      await page.getByTestId('faq-search').fill('forgot password');
      await expect(page.getByTestId('faq-list').locator('details').count()).resolves.toBe(1);
      await page.getByRole('button', { name: 'Send the message' }).click();
      await page.getByText('Enter your email address').waitFor();
      await page.getByLabel('Your e-mail').fill(`visitor${width}@example.com`);
      await page.getByLabel('Your message').fill('Where can I see my bonus wagering?');
      await page.getByRole('button', { name: 'Send the message' }).click();
      await page.getByText('Thank you! Your message has been sent').waitFor();
      await context.close();
    }
  });
});
