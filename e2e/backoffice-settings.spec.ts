/**
 * The back-office, part two (issue 17): an operator made with the CLI signs in with TOTP, turns a feature flag off
 * and adds a redirect (trying it in the tester first), and a player sees both on the site within the 10 s cache
 * window (docs/decisions/007); then the report dashboard and the settings pages are photographed at 1440 px
 * (e2e/screenshots/admin-reports-1440.png, admin-settings-*.png).
 */
import { execFileSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { rmSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, login, screenshot, USER_AGENT } from './support/browser.ts';
import { E2E_SECRETS, freshDataDir, ROOT, startServer, type TServer } from './support/server.ts';

let server: TServer;
let browser: Browser;
let dataDir: string;
let secret = '';
const OPERATOR = { email: 'settings-e2e@example.com', password: 'e2e-operator-password' };

beforeAll(async () => {
  dataDir = freshDataDir('casino-settings-e2e-');
  const { DATABASE_URL: _db, ...env } = process.env;
  const printed = execFileSync(
    process.execPath,
    [
      'apps/server/src/modules/backoffice/cli.ts',
      'create',
      '--email',
      OPERATOR.email,
      '--role',
      'admin',
      '--password',
      OPERATOR.password,
    ],
    { cwd: ROOT, env: { ...env, ...E2E_SECRETS, DATA_DIR: dataDir }, encoding: 'utf8' },
  );
  secret = /totp_secret: ([A-Z2-7]+)/.exec(printed)?.[1] ?? '';
  if (!secret) throw new Error(`admin:create printed no key:\n${printed}`);
  server = await startServer({ DATA_DIR: dataDir });
  browser = await launchBrowser();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** RFC 6238 (SHA-1, 6 digits, 30 s) from a base32 key, as an authenticator app computes it. */
const totp = (base32: string, at = Date.now()) => {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const c of base32.replace(/=+$/, '')) bits += alphabet.indexOf(c).toString(2).padStart(5, '0');
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((b) => Number.parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / 30)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
};

/** Reloads `path` until `check` holds: the site keeps settings up to 10 s per process. */
const eventually = async (page: Page, path: string, check: () => Promise<boolean>) => {
  const deadline = Date.now() + 60_000;
  for (;;) {
    await page.goto(`${server.url}${path}`, { waitUntil: 'domcontentloaded' });
    if (await check()) return Date.now();
    if (Date.now() > deadline)
      throw new Error(`${path}: the change did not show within 60 s (now ${page.url()})`);
    await page.waitForTimeout(1000);
  }
};

describe('the back-office settings', () => {
  it('an operator turns a feature flag off and adds a redirect; the site shows both', {
    timeout: 240_000,
  }, async () => {
    const player = await browser.newContext({ userAgent: USER_AGENT });
    await login(player, server.url);
    const site = await player.newPage();
    await site.goto(`${server.url}/profile/settings`, { waitUntil: 'domcontentloaded' });
    const verificationTab = site.locator('a[href$="/profile/verification"]');
    await verificationTab.first().waitFor({ state: 'attached' });
    await site.goto(`${server.url}/spring-sale`, { waitUntil: 'domcontentloaded' });
    expect(new URL(site.url()).pathname).toBe('/spring-sale');

    const context = await browser.newContext({
      userAgent: USER_AGENT,
      viewport: { width: 1440, height: 900 },
    });
    const page = await context.newPage();
    await page.goto(`${server.url}/admin`, { waitUntil: 'networkidle' });
    await page.getByLabel('E-mail').fill(OPERATOR.email);
    await page.getByLabel('Password').fill(OPERATOR.password);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'Set up two-factor sign-in' }).waitFor();
    await page.getByLabel(/6-digit code/).fill(totp(secret));
    await page.getByRole('button', { name: 'Confirm and sign in' }).click();
    await page.getByRole('heading', { name: 'Withdrawals', exact: true }).waitFor();

    await page.getByRole('link', { name: 'Site settings' }).click();
    await page.getByRole('heading', { name: 'Site settings', exact: true }).waitFor();
    await screenshot(page, 'admin-settings-1440');
    await page.getByRole('link', { name: 'Feature flags' }).click();
    await page.getByRole('checkbox', { name: /isVerificationEnable/ }).uncheck();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved. The site shows it within 10 seconds.').waitFor();
    await expect(page.getByRole('checkbox', { name: /isVerificationEnable/ }).isChecked()).resolves.toBe(
      false,
    );
    await screenshot(page, 'admin-settings-features-1440');
    const flagSaved = Date.now();

    await page.goto(`${server.url}/admin/settings/redirects`);
    const rows = await page.locator('input[name="from_url"]').count();
    const blank = rows - 3;
    await page.getByLabel(`From ${blank + 1}`, { exact: true }).fill('/spring-sale');
    await page.getByLabel(`To ${blank + 1}`, { exact: true }).fill('/gamehall');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved. The site shows it within 10 seconds.').waitFor();
    const redirectSaved = Date.now();
    await page.getByLabel('Path', { exact: true }).fill('/spring-sale');
    await page.getByRole('button', { name: 'Where does it go?' }).click();
    await page.getByRole('status').filter({ hasText: '/gamehall' }).waitFor();
    await screenshot(page, 'admin-settings-redirects-1440');
    await page.goto(`${server.url}/admin/settings/general`);
    await screenshot(page, 'admin-settings-general-1440');
    await page.goto(`${server.url}/admin/settings/seo`);
    await screenshot(page, 'admin-settings-seo-1440');

    // The player's site: the redirect and the flag, each within the 10 s cache window (plus a page load).
    const redirected = await eventually(
      site,
      '/spring-sale',
      async () => new URL(site.url()).pathname === '/gamehall',
    );
    expect(redirected - redirectSaved).toBeLessThan(20_000);
    const hidden = await eventually(site, '/profile/settings', async () => {
      // The profile's tabs are drawn (the settings tab always is), so a missing verification tab is an answer.
      await site.locator('a[href$="/profile/settings"]').first().waitFor({ state: 'attached' });
      return (await verificationTab.count()) === 0;
    });
    expect(hidden - flagSaved).toBeLessThan(25_000);

    // The audit log has both changes with before and after.
    await page.goto(`${server.url}/admin/audit?action=settings.update`);
    await expect(page.locator('main').textContent()).resolves.toContain('isVerificationEnable');
    await expect(page.locator('main').textContent()).resolves.toContain('/spring-sale');

    // The report dashboard (after today is computed from the ledger) and the operators' roles.
    await page.goto(`${server.url}/admin/reports`);
    await page.getByRole('button', { name: 'Recompute from the ledger' }).click();
    await page.getByText('The day is recomputed from the ledger.').waitFor();
    await page.goto(`${server.url}/admin/reports?period=day`);
    await expect(page.locator('main').textContent()).resolves.toContain('Registrations');
    await screenshot(page, 'admin-reports-1440');
    await page.goto(`${server.url}/admin/operators`);
    await screenshot(page, 'admin-operators-1440');
    await context.close();
    await player.close();
  });
});
