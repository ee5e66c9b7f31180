/**
 * The sportsbook journey: a new player deposits through the sandbox, opens /betting (the built-in simulator's
 * events), builds a combo of two upcoming events, sees an odds change refused by the "ask me" policy (the feed
 * moves a price through the signed feed endpoint, as an operator's odds provider would), takes the new price,
 * places the bet and sees it settle as won when the feed settles both events.
 */
import { createHmac } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, login, screenshot, USER_AGENT } from './support/browser.ts';
import { payBySandboxCard } from './support/sandbox-card.ts';
import { startServer, type TServer } from './support/server.ts';

const FEED_SECRET = 'e2e-sportsbook-feed-secret-0123456789';
let server: TServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let seq = 0;

beforeAll(async () => {
  server = await startServer({ SPORTSBOOK_FEED_SECRET: FEED_SECRET, SPORTSBOOK_SIMULATOR: '1' });
  browser = await launchBrowser();
  context = await browser.newContext({ userAgent: USER_AGENT, viewport: { width: 1440, height: 900 } });
  page = await context.newPage();
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

const step = (name: string) => process.stdout.write(`betting: ${name}\n`);

/** A signed feed message, newer than anything the simulator sent. */
const feed = async (message: Record<string, unknown>) => {
  const body = JSON.stringify({
    message_id: `e2e-${Date.now()}-${seq++}`,
    timestamp: Date.now() + 60_000 + seq,
    ...message,
  });
  const response = await fetch(`${server.url}/feed/sportsbook`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-feed-signature': `sha256=${createHmac('sha256', FEED_SECRET).update(body).digest('hex')}`,
    },
    body,
  });
  expect(response.status).toBe(200);
};

describe('sportsbook', () => {
  it('deposits, builds a combo, handles an odds change, places it and sees it settle', async () => {
    step('a new player deposits');
    await login(context, server.url);
    await page.goto(`${server.url}/cashier/deposit/card`);
    await page.getByLabel('Amount', { exact: true }).fill('50');
    await page.getByTestId('deposit-submit').click();
    await payBySandboxCard(page);
    await page.waitForURL(/\/cashier\/paysuccess\//, { timeout: 15_000 });

    step('two upcoming events of the simulator into a combo');
    await page.goto(`${server.url}/betting`);
    await page.getByTestId('tab-prematch').click();
    const cards = page.getByTestId('event-card');
    await cards.nth(1).waitFor({ timeout: 30_000 });
    const events: string[] = [];
    for (const i of [0, 1]) {
      const card = cards.nth(i);
      events.push((await card.getAttribute('data-event-id')) as string);
      await card.getByTestId('odds-button').first().click();
    }
    // The simulator leaves these two alone from here: the feed announces them closed after the test's settlement.
    await page.getByTestId('slip-type-combo').click();
    await page.getByTestId('slip-stake').fill('10');
    await page.getByTestId('slip-accept-odds').selectOption('none');
    await screenshot(page, 'betting-slip-1440');

    step('the feed moves a price: the "ask me" policy refuses and the slip takes the new odds');
    const before = Number(await page.getByTestId('slip-odds').first().textContent());
    const moved = Math.round((before + 0.37) * 100) / 100;
    const main = (await (
      await fetch(`${server.url}/api/sportsbook.getEvent?v=1&locale=en&id=${events[0]}`)
    ).json()) as {
      data: { markets: { id: number; outcomes: { id: string; odds: number }[] }[] };
    };
    const market = main.data.markets[0];
    const first = market?.outcomes[0];
    await feed({
      type: 'odds_change',
      event_id: events[0],
      markets: [{ id: market?.id, specifiers: '', status: 1, outcomes: [{ id: first?.id, odds: moved }] }],
    });
    await page.getByTestId('place-bet').click();
    // expect.poll waits 1 s by default: a placement under the CI's load can take longer.
    await expect
      .poll(() => page.getByTestId('slip-message').textContent(), { timeout: 15_000 })
      .toContain('odds changed');
    await expect
      .poll(async () => Number(await page.getByTestId('slip-odds').first().textContent()), {
        timeout: 15_000,
      })
      .toBe(moved);

    step('placed with the new price; a receipt');
    await page.getByTestId('slip-accept-odds').selectOption('any');
    await page.getByTestId('place-bet').click();
    await page.getByTestId('bet-receipt').waitFor({ timeout: 20_000 });
    await screenshot(page, 'betting-receipt-1440');

    step('the feed settles both events: the bet is won');
    const bets = (await (
      await context.request.get(`${server.url}/api/sportsbook.getBets?v=1&locale=en`)
    ).json()) as {
      data: { items: { id: number; legs: { event_id: string; market_id: number; outcome_id: string }[] }[] };
    };
    const bet = bets.data.items[0];
    expect(bet?.legs).toHaveLength(2);
    for (const leg of bet?.legs ?? []) {
      await feed({ type: 'odds_change', event_id: leg.event_id, event_status: 'ended' });
      await feed({
        type: 'bet_settlement',
        event_id: leg.event_id,
        markets: [{ id: leg.market_id, specifiers: '', outcomes: [{ id: leg.outcome_id, result: 1 }] }],
      });
      await feed({ type: 'odds_change', event_id: leg.event_id, event_status: 'closed' });
    }
    await page.goto(`${server.url}/bets/${bet?.id}`);
    await expect
      .poll(() => page.getByTestId('bet-card').getAttribute('data-status'), { timeout: 20_000 })
      .toBe('won');
    await screenshot(page, 'betting-bet-won-1440');
  }, 240_000);

  it('photographs /betting, an event page and the bet slip at 375 and 1440 px', async () => {
    for (const width of [375, 1440]) {
      const phone = width === 375;
      const shots = await browser.newContext({
        userAgent: USER_AGENT,
        viewport: { width, height: phone ? 812 : 900 },
        isMobile: phone,
        hasTouch: phone,
      });
      await login(shots, server.url);
      const tab = await shots.newPage();
      await tab.goto(`${server.url}/betting`);
      await tab.getByTestId('tab-prematch').click();
      const card = tab.getByTestId('event-card').first();
      await card.waitFor({ timeout: 30_000 });
      await screenshot(tab, `betting-${width}`);
      await tab.goto(`${server.url}/betting/event/${await card.getAttribute('data-event-id')}`);
      await tab.getByTestId('market').first().waitFor({ timeout: 20_000 });
      await screenshot(tab, `betting-event-${width}`);
      await tab.locator('[data-testid="market"] [data-testid="odds-button"]:not([disabled])').first().click();
      if (phone) {
        await tab.getByTestId('slip-bar').click();
        await tab.getByRole('dialog', { name: 'Bet slip' }).waitFor();
      }
      await tab.getByTestId('slip-stake').filter({ visible: true }).fill('5');
      await screenshot(tab, `betting-slip-single-${width}`);
      await shots.close();
    }
  }, 180_000);
});
