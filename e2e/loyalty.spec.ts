/**
 * Loyalty journey (issue 13): a new player picks a character at registration, deposits, plays real slot rounds,
 * sees the level-up toast, buys a shop product (confirm, then the buy dialog) and is refused one it cannot afford
 * with the insufficient-funds dialog. Screenshots of /loyalty, /loyalty/shop and /profile/loyalty at 375 and
 * 1440 px: e2e/screenshots/loyalty-*.png. Then an operator (made with the CLI, password + TOTP) edits the catalogue
 * in the back-office — a level's threshold the player sees at once, a product's stock, a refused form — and every
 * catalogue screen is photographed at 1440 and 375 px (e2e/screenshots/admin-loyalty-*.png).
 */
import { rmSync } from 'node:fs';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot, USER_AGENT } from './support/browser.ts';
import { closeDialogs } from './support/mailbox.ts';
import { createOperator, signedInTab, type TOperatorLogin } from './support/operator.ts';
import { registerInPopup } from './support/player.ts';
import { payBySandboxCard } from './support/sandbox-card.ts';
import { freshDataDir, startServer, type TServer } from './support/server.ts';

let server: TServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const errors: string[] = [];
const email = `loyal${Date.now()}@example.com`;
let operator: TOperatorLogin;
let dataDir = '';

beforeAll(async () => {
  // E2E_BASE_URL: a server already started (a loaded machine may need longer than startServer waits).
  const external = process.env.E2E_BASE_URL;
  if (!external) {
    // The operator, made with the CLI in the server's data directory before it starts.
    dataDir = freshDataDir('casino-loyalty-e2e-');
    operator = createOperator(dataDir, 'loyalty-ops@example.com', 'marketing');
  }
  server = external
    ? { url: external, logs: () => '', stop: async () => undefined }
    : await startServer({ DATA_DIR: dataDir });
  browser = await launchBrowser();
  context = await browser.newContext({ userAgent: USER_AGENT, viewport: { width: 1440, height: 900 } });
  page = await context.newPage();
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('response', (response) => {
    if (response.status() >= 400) errors.push(`${response.status()} ${response.url()}`);
  });
  page.on('console', (message) => {
    // The sandbox payment page (not ours) has no favicon.
    if (message.type() === 'error' && !message.location().url.endsWith('/favicon.ico'))
      errors.push(`${message.text()} ${message.location().url} on ${page.url()}`);
  });
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const step = (name: string) => process.stdout.write(`loyalty: ${name}\n`);

const spin = async (bet: string) => {
  const response = await context.request.post(`${server.url}/api/games.play?v=1&locale=en`, {
    form: { sysname: 'copperfox_cherry_flare', mode: 'real', bet, params: '{}' },
    headers: { origin: server.url },
  });
  const body = (await response.json()) as { error: unknown };
  expect(body.error).toBeNull();
};

/**
 * Clicks an empty spot until `toast` shows: the page's first interaction fetches the player's notices, and a click
 * before the page has hydrated (a loaded machine) reaches no handler.
 */
const interactUntil = async (toast: Locator) => {
  await expect
    .poll(
      async () => {
        await page.mouse.click(5, 300);
        return toast.count();
      },
      { timeout: 20_000, interval: 1_000 },
    )
    .toBeGreaterThan(0);
};

describe('the loyalty programme', () => {
  it('registers with a character, plays, levels up, buys and is refused what it cannot afford', async () => {
    step('registration with a character');
    await registerInPopup(page, server.url, email, (dialog) => dialog.getByLabel('Sage the Owl').check());

    step('a deposit');
    await page.goto(`${server.url}/cashier/deposit/card`);
    await page.getByLabel('Amount', { exact: true }).fill('100');
    await page.getByTestId('deposit-submit').click();
    await payBySandboxCard(page);
    await page.waitForURL(/\/cashier\/paysuccess\//, { timeout: 15_000 });

    step('the character shows on the loyalty page');
    await page.goto(`${server.url}/loyalty`);
    await page.getByTestId('my-progress').getByAltText('Sage the Owl').waitFor({ timeout: 15_000 });
    await expect(page.getByTestId('my-level').textContent()).resolves.toBe('Bronze');
    // The first interaction fetches the notices (the deposit quest's).
    await interactUntil(page.locator('[data-toast-type="quest"]'));

    step('real rounds: 50 points reach Silver');
    await spin('25.00');
    await spin('25.00');
    await page.goto(`${server.url}/loyalty/shop`);
    await page.getByTestId('shop-page').waitFor();
    const levelUp = page.locator('[data-toast-type="level"]');
    await interactUntil(levelUp);
    await expect(levelUp.textContent()).resolves.toContain('Silver');
    await screenshot(page, 'loyalty-level-up-1440');

    step('buys the $1 bonus for 20 points');
    await expect(page.getByTestId('shop-points').textContent()).resolves.toContain('50');
    await page.getByTestId('product-bonus-1').getByRole('button', { name: 'Buy' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm.textContent()).resolves.toContain('Buy $1 bonus for 20 points?');
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    const bought = page.getByTestId('bought-dialog');
    await bought.waitFor();
    await expect(bought.textContent()).resolves.toContain('You bought $1 bonus');
    await screenshot(page, 'loyalty-bought-1440');
    await bought.getByRole('button', { name: 'OK' }).click();
    await expect
      .poll(async () => page.getByTestId('shop-points').textContent(), { timeout: 10_000 })
      .toContain('30');

    step('refused the $25 cash for 500 points');
    await page.getByTestId('product-cash-25').getByRole('button', { name: 'Buy' }).click();
    const refused = page.getByTestId('insufficient-dialog');
    await refused.waitFor();
    await expect(refused.textContent()).resolves.toContain('You need 470 more points for $25 cash');
    await screenshot(page, 'loyalty-insufficient-1440');
    await closeDialogs(page);

    step('the points history');
    await page.goto(`${server.url}/profile/loyalty`);
    const history = page.getByTestId('points-history');
    await expect
      .poll(async () => history.locator('li').count(), { timeout: 10_000 })
      .toBeGreaterThanOrEqual(3);

    step('screenshots at 375 and 1440');
    for (const width of [375, 1440]) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      for (const [path, name, testId] of [
        ['/loyalty', 'loyalty', 'level-ladder'],
        ['/loyalty/shop', 'loyalty-shop', 'product-hoodie'],
        ['/profile/loyalty', 'loyalty-profile', 'quest-big-win'],
        ['/loyalty/weekly-quests', 'loyalty-quests', 'quest-big-win'],
      ] as const) {
        await page.goto(`${server.url}${path}`);
        await page.getByTestId(testId).waitFor();
        await page.waitForTimeout(1_000); // the images
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${path} at ${width}`).toBeLessThanOrEqual(0);
        await screenshot(page, `${name}-${width}`);
      }
    }
    expect(errors).toEqual([]);
  }, 400_000);

  it.skipIf(Boolean(process.env.E2E_BASE_URL))(
    'an operator edits the catalogue: a threshold the player sees, stock, a refused form',
    async () => {
      step('back-office: password, then the TOTP enrolment');
      const { context: ops, page: admin } = await signedInTab(browser, server.url, operator, errors);
      const open = (path: string) => admin.goto(`${server.url}${path}`, { waitUntil: 'networkidle' });
      await admin.getByRole('link', { name: 'Loyalty' }).click();
      await admin.getByRole('heading', { name: 'Loyalty', exact: true }).waitFor();

      step('back-office: Gold from 250 to 200 points; the player sees it');
      await open('/admin/loyalty/levels');
      await admin.locator('tr[data-row="gold"]').getByRole('link').click();
      await admin.getByLabel('Threshold (lifetime points)').fill('200');
      await admin.getByRole('button', { name: 'Save changes' }).click();
      await admin.getByText('Saved.').waitFor();
      const info = await context.request.get(`${server.url}/api/loyalty.getinfo?v=1&locale=en`);
      const levels = ((await info.json()) as { data: { levels: { sysname: string; min_points: number }[] } })
        .data.levels;
      expect(levels.find((l) => l.sysname === 'gold')?.min_points).toBe(200);

      step('back-office: a malformed threshold is refused with a flash error');
      await admin.getByLabel('Threshold (lifetime points)').fill('2e5');
      await admin.getByRole('button', { name: 'Save changes' }).click();
      await admin.locator('.flash-error').waitFor();
      await expect(admin.locator('.flash-error').textContent()).resolves.toContain(
        'Threshold (lifetime points)',
      );
      await screenshot(admin, 'admin-loyalty-level-refused-1440');

      step('back-office: the hoodie gets 3 units of stock');
      await open('/admin/loyalty/products');
      await admin.locator('tr[data-row="hoodie"]').getByRole('link').click();
      await admin.getByLabel('Units on sale (empty: unlimited)').fill('3');
      await admin.getByRole('button', { name: 'Set stock' }).click();
      await admin.getByText('Saved.').waitFor();
      await expect(admin.getByTestId('stock').textContent()).resolves.toBe('3');
      const productUrl = new URL(admin.url()).pathname;

      step('back-office: every catalogue screen at 1440 and 375');
      for (const width of [1440, 375]) {
        await admin.setViewportSize({ width, height: width === 375 ? 812 : 900 });
        for (const [path, name] of [
          ['/admin/loyalty', 'overview'],
          ['/admin/loyalty/levels', 'levels'],
          ['/admin/loyalty/programs', 'programs'],
          ['/admin/loyalty/quests', 'quests'],
          ['/admin/loyalty/quests/new', 'quest-new'],
          ['/admin/loyalty/products', 'products'],
          [productUrl, 'product'],
          ['/admin/loyalty/characters', 'characters'],
        ] as const) {
          await open(path);
          const overflow = await admin.evaluate(
            () => document.documentElement.scrollWidth - window.innerWidth,
          );
          expect(overflow, `${path} at ${width}`).toBeLessThanOrEqual(0);
          await screenshot(admin, `admin-loyalty-${name}-${width}`);
        }
      }
      await ops.close();
      expect(errors).toEqual([]);
    },
    180_000,
  );
});
