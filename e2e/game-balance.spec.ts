/**
 * What the games show about money (issue 36). A slot's round reaches the header when its reels stop, not when the
 * socket brings the round's balance ~300 ms after Spin; the game shows the header's balance, real money and
 * casino bonus apart as the header's breakdown names them. A crash bet queued with an auto cash-out, its tab
 * closed and reopened, shows its target and its win counts once. Screenshots: e2e/screenshots/game-balance-*.png.
 */
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, login, SCREENSHOTS, screenshot, USER_AGENT } from './support/browser.ts';
import { depositByCard } from './support/player.ts';
import { startServer, type TServer } from './support/server.ts';

let server: TServer;
let browser: Browser;
const errors: string[] = [];

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const money = (value: number) =>
  `$${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

type TAmount = { amount: number };
type TBalances = { balance: TAmount; bonus_balance: TAmount; total_balance: TAmount };
type TPlayAnswer = { data: { round_id: string; balance: number; win: number; bet: number; status: string } };

const newContext = () =>
  browser.newContext({ userAgent: USER_AGENT, viewport: { width: 1440, height: 900 } });

const newPage = async (context: BrowserContext) => {
  const page = await context.newPage();
  page.on('pageerror', (error) => errors.push(error.message));
  return page;
};

/** The player's balances as the server has them now. */
const serverBalances = async (context: BrowserContext) => {
  const answer = await context.request.get(`${server.url}/api/account.getBalance?v=1&locale=en`);
  return ((await answer.json()) as { data: TBalances }).data;
};

/** What the header and the game show: the header's total, the game's real money and casino bonus. */
const shown = async (page: Page) => ({
  header: await page.getByTestId('balance').first().textContent(),
  main: await page.getByTestId('game-balance-value').textContent(),
  bonus: await page.getByTestId('game-bonus-value').textContent(),
});
const expected = (b: TBalances) => ({
  header: money(b.total_balance.amount),
  main: money(b.balance.amount),
  bonus: money(b.bonus_balance.amount),
});

/** Registers a player with the DEMO10 promo code (a $10.00 casino bonus) through the API, in the context. */
const registerWithBonus = async (context: BrowserContext) => {
  const password = 'secret-pass-1';
  const response = await context.request.post(`${server.url}/api/auth.register?v=1&locale=en`, {
    form: {
      form_type: 'fast',
      is_fast: '1',
      email: `bonus${Date.now()}@example.com`,
      password,
      password_confirmation: password,
      currency: 'USD',
      terms: '1',
      promo_code: 'DEMO10',
    },
    headers: { origin: server.url },
  });
  const body = (await response.json()) as { error: unknown };
  if (body.error) throw new Error(`registration failed: ${JSON.stringify(body.error)}`);
};

const openGame = async (page: Page, path: string) => {
  await page.goto(`${server.url}${path}`);
  await page.locator('[data-testid="game-stage"][data-ready="true"]').waitFor({ timeout: 20_000 });
};

const nextPlay = (page: Page, timeout = 30_000) =>
  page
    .waitForResponse((r) => r.url().includes('/api/games.play') && r.request().method() === 'POST', {
      timeout,
    })
    .then(async (r) => (await r.json()) as TPlayAnswer);

const shoot = async (page: Page, name: string) => {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, `game-balance-${name}`);
};

describe('what the games show about money', () => {
  it("shows a slot's round in the header when the reels stop, and the game's balance split as the header's", async () => {
    const context = await newContext();
    await registerWithBonus(context);
    const page = await newPage(context);
    await openGame(page, '/game/moonmill_pharaohs_lantern');
    expect(await page.getByTestId('mode-real').getAttribute('aria-pressed')).toBe('true');

    // A deposit made in another tab reaches this one on the live socket (no refresh on a game page): the socket
    // that would bring a round's balance early is up.
    await depositByCard(context, server.url, '50');
    let now = await serverBalances(context);
    expect(now.balance.amount).toBe(50);
    expect(now.bonus_balance.amount).toBe(10);
    await expect.poll(() => shown(page), { timeout: 20_000 }).toEqual(expected(now));
    const badge = page.getByTestId('game-balance');
    expect(await badge.textContent()).toBe('Real money$50.00Casino bonus$10.00');

    await page.getByTestId('bet-input').fill('1.00');
    // A round that changes the balance (a win of exactly the stake would show nothing either way).
    let played: TPlayAnswer | null = null;
    let shotBefore = false;
    for (let attempt = 0; attempt < 5 && !(played && shotBefore); attempt++) {
      const before = await shown(page);
      const answer = nextPlay(page);
      await page.locator('[data-testid="spin"]:visible').first().click();
      const round = await answer;
      expect(round.data.status).toBe('finished');
      // The server settled the round and its balance event left with the answer; the reels spin for ≥ 1.7 s.
      await page.waitForTimeout(700);
      const spinning = () => page.locator('.gm-reel[data-spinning="true"]').count();
      expect(await spinning(), 'the reels still spin').toBeGreaterThan(0);
      const during = await shown(page);
      if (!shotBefore) {
        // The screen as it is (a full-page shot can take longer than the reels): kept if they still spin after it.
        await page.screenshot({ path: join(SCREENSHOTS, 'game-balance-slot-before-reveal.png') });
        shotBefore = (await spinning()) > 0;
      }
      expect(during, 'nothing of the round shows before the reels stop').toEqual(before);
      await expect
        .poll(() => page.locator('[data-testid="spin"]:visible').first().isEnabled(), { timeout: 90_000 })
        .toBe(true);
      now = await serverBalances(context);
      // Revealed: the header and the game show the server's balances at once, the stake from real money first.
      expect(await shown(page)).toEqual(expected(now));
      if (round.data.win !== round.data.bet) played = round;
    }
    expect(played, 'a round that moved the balance').not.toBeNull();
    await page.screenshot({ path: join(SCREENSHOTS, 'game-balance-slot-after-reveal.png') });
    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);

  it('a queued crash bet with an auto cash-out, its tab closed and reopened: its target shows, its win counts once', async () => {
    const CRASH = '/game/sparkrush_rocket_rush';
    const context = await newContext();
    await login(context, server.url);
    await depositByCard(context, server.url, '50');
    const phase = (p: Page) => p.getByTestId('crash-screen').getAttribute('data-phase');

    // 1.20× is reached in ~83% of rounds, 3 s into the flight: time for the reopened tab to show the bet open.
    let won = false;
    let main = 50;
    for (let attempt = 0; attempt < 4 && !won; attempt++) {
      const page = await newPage(context);
      await openGame(page, CRASH);
      // During a flight the bet waits for the next round; it goes in as that round opens its betting.
      await expect.poll(() => phase(page), { timeout: 240_000, interval: 100 }).toBe('flying');
      await page.getByTestId('auto-cashout').fill('1.20');
      await page.getByTestId('bet-input').first().fill('1.00');
      await page.locator('[data-testid="start"]:visible').first().click();
      await page.getByTestId('cancel-queued').waitFor();
      // …after the flight, however long it lasts.
      const placed = await nextPlay(page, 240_000);
      expect(placed.data).toMatchObject({ status: 'open', bet: 1 });
      await page.close();

      const reopened = await newPage(context);
      await openGame(reopened, CRASH);
      const result = reopened.getByTestId('round-result');
      await expect.poll(() => result.textContent(), { timeout: 15_000 }).toContain('auto at 1.20×');
      expect(await result.textContent()).toContain('Your bet: $1.00');
      // The auto cash-out controls are the placed bet's, not the form's defaults (2.00, unticked).
      expect(await reopened.getByTestId('auto-cashout').inputValue()).toBe('1.20');
      expect(await reopened.getByTestId('auto-toggle').isChecked()).toBe(true);
      await shoot(reopened, 'crash-reopened');
      // A flight lasts ln(crash point) / 0.00006 ms: 77 s for a 100× round, 115 s for 1,000×.
      await expect.poll(() => phase(reopened), { timeout: 240_000, interval: 100 }).toBe('crashed');
      const record = (await (
        await context.request.get(
          `${server.url}/api/games.getRound?v=1&locale=en&round_id=${placed.data.round_id}`,
        )
      ).json()) as { data: { status: string; win: number } };
      expect(record.data.status).toBe('finished');
      won = record.data.win > 0;
      main = main - 1 + record.data.win;
      // The header and the game show the server's balance: the cash-out counted once.
      const now = await serverBalances(context);
      await expect.poll(() => shown(reopened), { timeout: 15_000 }).toEqual(expected(now));
      await reopened.waitForTimeout(1500);
      expect(await shown(reopened)).toEqual(expected(now));
      expect(now.balance.amount).toBeCloseTo(main, 2);
      if (won) await shoot(reopened, 'crash-settled');
      await reopened.close();
    }
    expect(won, 'an auto cash-out at 1.20× in four rounds').toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  }, 900_000);
});
