/**
 * Games journeys: a visitor spins a demo slot (and `#real` asks them to register), a funded player plays real
 * roulette and the header balance follows the server, a round is verified in the browser on the verify page;
 * shared crash rounds in real (cashed out by hand) and demo (auto cash-out), watched from a second browser;
 * screenshots of the hall and every play screen at 375 and 1440 px.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, login, screenshot, USER_AGENT } from './support/browser.ts';
import { depositByCard } from './support/player.ts';
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

const VIEWPORTS = [
  { name: '375', width: 375, height: 812 },
  { name: '1440', width: 1440, height: 900 },
];

const money = (value: number) =>
  `$${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

type TPlayAnswer = { data: { round_id: string; balance: number; win: number; bet: number; status: string } };

/** Opens a page and waits until React has hydrated it (its root marks data-ready). */
const open = async (page: Page, path: string, root: string) => {
  await page.goto(`${server.url}${path}`);
  await page.locator(`[data-testid="${root}"][data-ready="true"]`).waitFor({ timeout: 20_000 });
};

/** Clicks the visible element of a test id (a streamed server render may leave a hidden copy for a moment). */
const tap = (page: Page, testId: string) => page.locator(`[data-testid="${testId}"]:visible`).first().click();

/** Waits for the next games.play answer the page receives. */
const nextPlay = (page: Page) =>
  page
    .waitForResponse((r) => r.url().includes('/api/games.play') && r.request().method() === 'POST', {
      timeout: 20_000,
    })
    .then(async (r) => (await r.json()) as TPlayAnswer);

/** The game's real money and casino bonus as shown, and as the server has them. */
const gameBalance = async (page: Page) => [
  await page.getByTestId('game-balance-value').textContent(),
  await page.getByTestId('game-bonus-value').textContent(),
];
const serverParts = async (context: BrowserContext) => {
  const answer = await context.request.get(`${server.url}/api/account.getBalance?v=1&locale=en`);
  const { data } = (await answer.json()) as {
    data: { balance: { amount: number }; bonus_balance: { amount: number } };
  };
  return [money(data.balance.amount), money(data.bonus_balance.amount)];
};

describe('games', () => {
  it('lets a visitor spin a demo slot; real play asks them to register', async () => {
    const context = await browser.newContext({
      userAgent: USER_AGENT,
      viewport: { width: 1440, height: 900 },
    });
    const page = await context.newPage();
    await open(page, '/game/moonmill_pharaohs_lantern', 'game-stage');
    await page.getByTestId('demo-badge').waitFor();
    expect(await page.getByTestId('mode-demo').getAttribute('aria-pressed')).toBe('true');
    await page.getByTestId('spin').waitFor();
    const answer = nextPlay(page);
    await page.getByTestId('spin').click();
    const played = await answer;
    expect(played.data.status).toBe('finished');
    // The spin animates, then the screen shows the server's balance (after up to 20 free spins, ~2.5 s each).
    await expect
      .poll(() => page.getByTestId('game-balance-value').textContent(), { timeout: 60_000 })
      .toBe(money(played.data.balance));
    await expect.poll(() => page.getByTestId('spin').isEnabled(), { timeout: 60_000 }).toBe(true);
    expect(await page.locator('.gm-cell[data-symbol]').count()).toBe(15);

    await page.getByTestId('mode-real').click();
    await page.getByRole('dialog').waitFor();
    expect(new URL(page.url()).hash).toBe('#real');
    await context.close();
  }, 120_000);

  it('plays real roulette for a funded player and the header balance follows; the round verifies in the browser', async () => {
    const context = await browser.newContext({
      userAgent: USER_AGENT,
      viewport: { width: 1440, height: 900 },
    });
    await login(context, server.url);
    await depositByCard(context, server.url, '100');
    const page = await context.newPage();
    await open(page, '/game/velvet_table_european_roulette', 'game-stage');
    await expect
      .poll(() => page.getByTestId('balance').first().textContent(), { timeout: 15_000 })
      .toBe('$100.00');
    expect(await page.getByTestId('mode-real').getAttribute('aria-pressed')).toBe('true');
    await page.getByTestId('chip-5').click();
    await page.getByTestId('bet-red').click();
    await page.getByTestId('num-17').click();
    expect(await page.getByTestId('roulette-total').textContent()).toBe('$10.00');
    const answer = nextPlay(page);
    await page.getByTestId('spin').click();
    const played = await answer;
    expect(played.data.bet).toBe(10);
    expect(played.data.balance).toBe(90 + played.data.win);
    await page.getByTestId('roulette-pocket').waitFor({ timeout: 15_000 });
    // The header follows the account, which after commit may also take the round's quest rewards (a straight-up
    // hit is a "big win": 5.00 cash) and the deposit quest's 5.00 bonus: it must show the server's total, which is
    // never below the round's answer.
    const serverTotal = async () => {
      const answer = await context.request.get(`${server.url}/api/account.getBalance?v=1&locale=en`);
      return ((await answer.json()) as { data: { total_balance: { amount: number } } }).data.total_balance
        .amount;
    };
    await expect
      .poll(
        async () => {
          const [shown, total] = [
            await page.getByTestId('balance').first().textContent(),
            await serverTotal(),
          ];
          return shown === money(total) && total >= played.data.balance
            ? 'follows'
            : `${shown}, server ${total}`;
        },
        { timeout: 15_000 },
      )
      .toBe('follows');
    // The game shows the header's balance, real money and casino bonus apart.
    await expect.poll(() => gameBalance(page), { timeout: 15_000 }).toEqual(await serverParts(context));

    // Reveal the seed of that round, then recompute it in the browser.
    await open(page, '/fairness', 'verify-page');
    await page.getByTestId('rotate').click();
    await page.getByTestId('revealed').waitFor();
    await open(page, `/fairness?round=${played.data.round_id}`, 'verify-page');
    await page.getByTestId('record-summary').waitFor();
    await page.getByTestId('verify').click();
    await page.getByTestId('replay-verdict').waitFor();
    expect(await page.getByTestId('hash-check').textContent()).toContain('matches the commitment');
    expect(await page.getByTestId('replay-verdict').textContent()).toContain('matches the recorded round');
    const pocket = (await page.getByTestId('mapping').textContent())?.match(/= (\d+)$/)?.[1];
    expect(pocket).toBeDefined();
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await screenshot(page, `games-verify-${viewport.name}`);
    }
    await context.close();
  }, 120_000);

  it('plays shared crash rounds: a real bet cashed out by hand, a demo bet by its auto cash-out, the same round for both', async () => {
    const CRASH = '/game/sparkrush_rocket_rush';
    const screen = (p: Page) => p.getByTestId('crash-screen');
    const phase = (p: Page) => screen(p).getAttribute('data-phase');
    /**
     * Waits for a betting window with at least `seconds` left, so a bet is in time. A flight lasts ln(crash)/0.00006
     * ms: 50 s at 20× (1 round in 20), 77 s at 100×, so the wait covers a long flight and the pause after it.
     */
    const bettingWindow = async (p: Page, seconds = 2.5) => {
      await expect
        .poll(
          async () =>
            (await phase(p)) === 'betting' &&
            Number.parseFloat(
              (await p
                .getByTestId('crash-countdown')
                .textContent()
                .catch(() => '')) ?? '',
            ) > seconds,
          { timeout: 150_000, interval: 200 },
        )
        .toBe(true);
    };
    /** A full-page shot from the top (a scrolled page would leave the sticky header mid-page). */
    const shoot = async (p: Page, name: string) => {
      await p.evaluate(() => window.scrollTo(0, 0));
      await screenshot(p, name);
    };
    const shownMultiplier = async (p: Page) =>
      Number.parseFloat(((await p.getByTestId('crash-value').textContent()) ?? '').replace(/[^\d.]/g, ''));

    const context = await browser.newContext({
      userAgent: USER_AGENT,
      viewport: { width: 1440, height: 900 },
    });
    await login(context, server.url);
    await depositByCard(context, server.url, '50');
    const page = await context.newPage();
    await open(page, CRASH, 'game-stage');
    expect(await page.getByTestId('mode-real').getAttribute('aria-pressed')).toBe('true');
    const visitorContext = await browser.newContext({
      userAgent: USER_AGENT,
      viewport: { width: 375, height: 812 },
    });
    try {
      const watcher = await visitorContext.newPage();
      await open(watcher, CRASH, 'game-stage');

      // Real: bet 2.00 in the window, cash out by hand in flight at the server's multiplier.
      let cashed: TPlayAnswer | null = null;
      let balance = 50;
      for (let attempt = 0; attempt < 5 && !cashed; attempt++) {
        await bettingWindow(page);
        await page.getByTestId('bet-input').first().fill('2.00');
        const placed = nextPlay(page);
        await tap(page, 'start');
        const bet = await placed;
        expect(bet.data).toMatchObject({ status: 'open', bet: 2 });
        balance = bet.data.balance;
        // The watcher (a visitor at 375 px) sees the same round and this bet in its players list.
        await expect
          .poll(() => watcher.getByTestId('crash-round').textContent(), { timeout: 10_000 })
          .toBe(await page.getByTestId('crash-round').textContent());
        await watcher.getByTestId('crash-player').first().waitFor({ timeout: 10_000 });
        await expect.poll(() => phase(page), { timeout: 15_000 }).not.toBe('betting');
        await expect
          .poll(async () => (await phase(page)) === 'crashed' || (await shownMultiplier(page)) >= 1.15, {
            timeout: 30_000,
            interval: 50,
          })
          .toBe(true);
        if ((await phase(page)) === 'crashed') continue; // crashed below 1.15×: this bet is lost, try again
        const out = nextPlay(page).catch(() => null);
        const clicked = await page
          .locator('[data-testid="cashout"]:visible')
          .first()
          .click({ timeout: 3_000 })
          .then(
            () => true,
            () => false,
          );
        if (!clicked) continue; // it crashed before the click
        const answer = (await out) as (TPlayAnswer & { data: TPlayAnswer['data'] | null }) | null;
        if (answer?.data?.status === 'finished' && answer.data.win > 0) cashed = answer;
        // the flight goes on for everyone else: the cashed-out badge and the players list
        for (const [p, name] of [
          [page, '1440'],
          [watcher, '375'],
        ] as const)
          await shoot(p, `games-crash-flight-${name}`);
      }
      expect(cashed, 'a cash-out in five rounds').not.toBeNull();
      const won = cashed as TPlayAnswer;
      expect(won.data.balance).toBeCloseTo(balance + won.data.win, 2);
      await page.getByTestId('crash-cashed').waitFor();
      await expect
        .poll(() => page.getByTestId('balance').first().textContent(), { timeout: 15_000 })
        .toBe(money(won.data.balance));
      await expect.poll(() => gameBalance(page), { timeout: 15_000 }).toEqual(await serverParts(context));
      await expect.poll(() => phase(page), { timeout: 120_000 }).toBe('crashed');
      for (const [p, name] of [
        [page, '1440'],
        [watcher, '375'],
      ] as const)
        await shoot(p, `games-crash-crashed-${name}`);

      // Demo: the visitor bets 1.00 with an auto cash-out at 1.01×, which the server settles by itself.
      await bettingWindow(watcher);
      await watcher.getByTestId('auto-cashout').fill('1.01');
      const demoPlaced = nextPlay(watcher);
      await tap(watcher, 'start');
      const demo = await demoPlaced;
      expect(demo.data).toMatchObject({ status: 'open', bet: 1 });
      for (const [p, name] of [
        [watcher, '375'],
        [page, '1440'],
      ] as const)
        await shoot(p, `games-crash-betting-${name}`);
      await expect
        .poll(() => watcher.getByTestId('round-result').textContent(), { timeout: 120_000 })
        .toMatch(/Win \$1\.01|No win this time/);
      const record = (await (
        await visitorContext.request.get(
          `${server.url}/api/games.getRound?v=1&locale=en&round_id=${demo.data.round_id}`,
        )
      ).json()) as { data: { status: string; win: number; server_seed: string | null; game: string } };
      expect(record.data).toMatchObject({ status: 'finished', game: 'crash' });
      expect(record.data.server_seed).toMatch(/^[0-9a-f]{64}$/);
      await expect
        .poll(() => watcher.getByTestId('game-balance-value').textContent(), { timeout: 15_000 })
        .toBe(money(demo.data.balance + record.data.win));
      // (the watcher's page animates; closed before the verify page so it has the CPU)
      await visitorContext.close();

      // The real round recomputes in the browser from its revealed seed (no rotation: the table reveals it).
      await open(page, `/fairness?round=${won.data.round_id}`, 'verify-page');
      await page.getByTestId('record-summary').waitFor();
      await page.getByTestId('verify').click();
      await page.getByTestId('replay-verdict').waitFor();
      expect(await page.getByTestId('hash-check').textContent()).toContain('matches the commitment');
      expect(await page.getByTestId('replay-verdict').textContent()).toContain('matches the recorded round');
      expect(await page.getByTestId('mapping').textContent()).toMatch(/crash = /);
    } finally {
      await visitorContext.close();
      await context.close();
    }
  }, 600_000);

  const SCREENS: { sysname: string; act: (page: Page) => Promise<void> }[] = [
    {
      sysname: 'moonmill_pharaohs_lantern',
      act: async (p) => {
        await tap(p, 'spin');
        await p.waitForTimeout(3500);
      },
    },
    {
      sysname: 'velvet_table_european_roulette',
      act: async (p) => {
        await tap(p, 'bet-red');
        await expect
          .poll(() => p.getByTestId('roulette-total').textContent(), { timeout: 10_000 })
          .not.toBe('$0.00');
        await tap(p, 'spin');
        await p.getByTestId('roulette-pocket').waitFor({ timeout: 20_000 });
      },
    },
    {
      sysname: 'velvet_table_classic_blackjack',
      act: async (p) => {
        await tap(p, 'deal');
        await p.getByTestId('hand-0').waitFor({ timeout: 20_000 });
      },
    },
    {
      sysname: 'sparkrush_dice_duel',
      act: async (p) => {
        await tap(p, 'roll');
        await p.waitForTimeout(1200);
      },
    },
    {
      sysname: 'sparkrush_rocket_rush',
      act: async (p) => {
        // A demo bet in a betting window, then the shared flight with it in the players list.
        await p
          .locator('[data-testid="crash-screen"][data-phase="betting"] [data-testid="start"]:not([disabled])')
          .first()
          .waitFor({ timeout: 90_000 });
        await tap(p, 'start');
        await p
          .locator('[data-testid="crash-player"][data-mine="true"]')
          .first()
          .waitFor({ timeout: 90_000 });
        await p.locator('[data-testid="crash-screen"][data-phase="flying"]').waitFor({ timeout: 30_000 });
        await p.waitForTimeout(700);
      },
    },
    {
      sysname: 'sparkrush_minefield',
      act: async (p) => {
        await tap(p, 'start');
        await tap(p, 'tile-12');
        await p.waitForTimeout(600);
      },
    },
    {
      sysname: 'puzzleworks_hi_lo',
      act: async (p) => {
        await tap(p, 'start');
        await p.waitForTimeout(600);
      },
    },
    {
      sysname: 'puzzleworks_keno_classic',
      act: async (p) => {
        await tap(p, 'start');
        await p.waitForTimeout(2500);
      },
    },
    {
      sysname: 'puzzleworks_plinko_drop',
      act: async (p) => {
        await tap(p, 'start');
        await p.waitForTimeout(2500);
      },
    },
    {
      sysname: 'lanternlight_lanternlight_roulette',
      act: async (p) => {
        await p.getByTestId('game-stage').getByTestId('live-countdown').waitFor();
      },
    },
  ];

  it('draws the game hall, the providers and every play screen at 375 and 1440 px', async () => {
    for (const viewport of VIEWPORTS) {
      const context = await browser.newContext({ userAgent: USER_AGENT, viewport });
      const page = await context.newPage();
      await page.goto(`${server.url}/gamehall`);
      await page.locator('[data-testid="gamehall"][data-ready="true"]').waitFor();
      // The rows below the first screen get their tiles as the player scrolls down to them.
      const waiting = page.getByTestId('gamehall').locator('[aria-busy="true"]');
      expect(await waiting.count()).toBeGreaterThan(0);
      for (let step = 0; step < 12 && (await waiting.count()) > 0; step++) {
        await page.mouse.wheel(0, viewport.height / 2);
        await page.waitForTimeout(150);
      }
      await expect.poll(() => waiting.count(), { timeout: 10_000 }).toBe(0);
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, `games-hall-${viewport.name}`);
      await open(page, '/gamehall?providers=sparkrush,puzzleworks', 'gamehall');
      // 19 games: the first page of 18, then "show more".
      expect(await page.getByTestId('game-tile').count()).toBe(18);
      await page.getByTestId('show-more').click();
      await expect.poll(() => page.getByTestId('game-tile').count(), { timeout: 15_000 }).toBe(19);
      expect(new URL(page.url()).searchParams.get('page')).toBe('2');
      await page.goto(`${server.url}/providers`);
      await page.getByTestId('provider-cards').waitFor();
      await screenshot(page, `games-providers-${viewport.name}`);
      for (const screen of SCREENS) {
        await open(page, `/game/${screen.sysname}`, 'game-stage');
        await page.getByTestId('game-stage').locator('[data-testid$="-screen"]').waitFor();
        await screen.act(page);
        await screenshot(page, `games-${screen.sysname}-${viewport.name}`);
      }
      await context.close();
    }
  }, 300_000);
});
