/**
 * A games aggregator's game, as a player meets it: the server runs with Hub88 configured against the stand-in on
 * the same server (`/hub88-sim`, a key pair of its own; ours signs the Games API calls), imports its catalogue at
 * start, and a player opens an imported game from the hall (the studio's filter), plays it for real in the game
 * layout's frame, and the stand-in's bet and win (signed Wallet API calls to /hub88/wallet) move the header's
 * balance. Screenshots: e2e/screenshots/hub88-*.png.
 */
import { generateKeyPairSync } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, login, screenshot, USER_AGENT } from './support/browser.ts';
import { depositByCard } from './support/player.ts';
import { SERVER_URL, startServer, type TServer } from './support/server.ts';

const keyPair = () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privatePem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
};

const GAME = 'hub88_sim_starfall';
const step = (name: string) => process.stdout.write(`hub88: ${name}\n`);

let server: TServer;
let browser: Browser;
const errors: string[] = [];

beforeAll(async () => {
  const operator = keyPair();
  const standIn = keyPair();
  server = await startServer({
    HUB88_API_URL: `${SERVER_URL}/hub88-sim`,
    HUB88_OPERATOR_ID: '1',
    HUB88_OPERATOR_PRIVATE_KEY: operator.privatePem,
    HUB88_PUBLIC_KEY: standIn.publicPem,
    HUB88_SIM_PRIVATE_KEY: standIn.privatePem,
  });
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const headerBalance = (page: Page) => page.getByTestId('balance').first().textContent();

describe('a Hub88 game', () => {
  it('is imported at start, opens from the hall, and its bet and win move the header balance', async () => {
    step('waiting for the catalogue import');
    await expect
      .poll(
        async () => {
          const r = await fetch(`${server.url}/api/games.get?v=1&locale=en&sysnames=${GAME}`);
          return ((await r.json()) as { data: { items: unknown[] } }).data.items.length;
        },
        { timeout: 60_000, interval: 1000 },
      )
      .toBe(1);

    const context = await browser.newContext({
      userAgent: USER_AGENT,
      viewport: { width: 1440, height: 900 },
    });
    await login(context, server.url);
    step('deposit');
    await depositByCard(context, server.url, '50');

    const page = await context.newPage();
    page.on('pageerror', (error) => errors.push(error.message));
    step('the hall, filtered to the studio');
    await page.goto(`${server.url}/gamehall?providers=nebula_studios`);
    const tile = page.locator(`[data-testid="game-tile"][data-sysname="${GAME}"]`);
    await tile.waitFor({ timeout: 20_000 });
    await expect
      .poll(() => tile.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    await screenshot(page, 'hub88-hall');
    await tile.click();
    await page.waitForURL(`**/game/${GAME}**`);
    await page.locator('[data-testid="game-stage"][data-ready="true"]').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('mode-real').getAttribute('aria-pressed')).toBe('true');

    step('the game in its frame');
    const frame = page.frameLocator('[data-testid="aggregator-frame"]');
    await frame.getByTestId('sim-game').waitFor({ timeout: 20_000 });
    expect(await frame.getByTestId('sim-game').textContent()).toBe('Starfall Riches');
    await expect.poll(() => headerBalance(page), { timeout: 20_000 }).toBe('$50.00');
    // The provider's game: none of our provably fair seeds beside it.
    expect(await page.getByTestId('fairness-summary').count()).toBe(0);
    await screenshot(page, 'hub88-game-before');

    step('a spin: the stand-in bets 1.00 and pays 2.50 through our Wallet API');
    await frame.getByTestId('sim-spin').click();
    await expect
      .poll(() => frame.getByTestId('sim-result').textContent(), { timeout: 20_000 })
      .toContain('RS_OK');
    await expect.poll(() => headerBalance(page), { timeout: 20_000 }).toBe('$51.50');
    await screenshot(page, 'hub88-game-after');

    const balance = await context.request.get(`${server.url}/api/account.getBalance?v=1&locale=en`);
    expect(((await balance.json()) as { data: { balance: { amount: number } } }).data.balance.amount).toBe(
      51.5,
    );
    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);
});
