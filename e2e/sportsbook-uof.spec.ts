/**
 * The book on the Unified Odds Feed, as a player meets it: the server runs the UOF adapter on the local RabbitMQ
 * (UOF_AMQP_URL) with the simulator publishing its events as UOF XML there and serving the REST stand-in
 * (/uof-sim on the same server: fixtures, market descriptions, recoveries), so every price and clock on the page
 * went simulator → broker → adapter → book. A player deposits, opens a live event whose clock runs, sees its
 * markets named by the feed's descriptions (in German too), places a live bet and finds it in their bets.
 * Screenshots at 1440 and 375 px. Skipped, with a message, when no broker answers on 127.0.0.1:5672 (`.ci/run`
 * starts RabbitMQ before the journeys). The exchange is the broker's `unifiedfeed`: run no other UOF server on
 * the same broker meanwhile (the bench's broker path), or it reads this one's messages too.
 */
import { connect } from 'node:net';
import type { TEventItem, TMarket } from '@casino/contracts/calls/sportsbook';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, login, screenshot, USER_AGENT } from './support/browser.ts';
import { payBySandboxCard } from './support/sandbox-card.ts';
import { SERVER_URL, startServer, type TServer } from './support/server.ts';

const AMQP_URL = process.env.E2E_UOF_AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672/';

const brokerAnswers = (url: string) =>
  new Promise<boolean>((resolve) => {
    const { hostname, port } = new URL(url);
    const socket = connect({ host: hostname, port: Number(port) || 5672 });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(2000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });

const hasBroker = await brokerAnswers(AMQP_URL);
if (!hasBroker)
  process.stdout.write(
    `sportsbook-uof: skipped, no RabbitMQ at ${AMQP_URL} (start it with \`rabbitmq-server -detached\`)\n`,
  );

const step = (name: string) => process.stdout.write(`sportsbook-uof: ${name}\n`);

type TEvent = Omit<TEventItem, 'main_market'> & { markets: TMarket[] };

describe.skipIf(!hasBroker)('the book on the Unified Odds Feed', () => {
  let server: TServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  const api = async <T>(call: string, query: Record<string, string>, locale = 'en') => {
    const params = new URLSearchParams({ v: '1', locale, ...query });
    const body = (await (await fetch(`${server.url}/api/${call}?${params}`)).json()) as {
      data: T;
      error: unknown;
    };
    if (body.error) throw new Error(`${call}: ${JSON.stringify(body.error)}`);
    return body.data;
  };

  /** A live football match whose clock runs and whose 1X2 takes bets (once its producer recovered). */
  const liveFootball = async (): Promise<TEventItem> => {
    let found: TEventItem | undefined;
    await expect
      .poll(
        async () => {
          const { items } = await api<{ items: TEventItem[] }>('sportsbook.getEvents', {
            sport: 'football',
            status: 'live',
            count: '20',
          });
          found = items.find(
            (e) =>
              e.status === 'live' &&
              e.clock?.match_time &&
              !e.clock.stopped &&
              e.main_markets?.some((m) => m.status === 1 && m.outcomes.some((o) => o.active)),
          );
          return Boolean(found);
        },
        { timeout: 90_000, interval: 1000 },
      )
      .toBe(true);
    return found as TEventItem;
  };

  beforeAll(async () => {
    server = await startServer({
      SPORTSBOOK_SIMULATOR: '1',
      UOF_AMQP_URL: AMQP_URL,
      UOF_API_URL: `${SERVER_URL}/uof-sim`,
      UOF_ACCESS_TOKEN: 'e2e-uof-access-token',
      SPORTSBOOK_LIVE_DELAY_MS: '2000',
    });
    browser = await launchBrowser();
    context = await browser.newContext({ userAgent: USER_AGENT, viewport: { width: 1440, height: 900 } });
    page = await context.newPage();
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  it("a player bets on a live event whose clock runs and whose markets carry the descriptions' names", async () => {
    step('a new player deposits');
    await login(context, server.url);
    await page.goto(`${server.url}/cashier/deposit/card`);
    await page.getByLabel('Amount', { exact: true }).fill('50');
    await page.getByTestId('deposit-submit').click();
    await payBySandboxCard(page);
    await page.waitForURL(/\/cashier\/paysuccess\//, { timeout: 15_000 });

    step('the feed brings live matches over the broker');
    const live = await liveFootball();
    await page.goto(`${server.url}/betting`);
    const card = page.locator(`[data-testid="event-card"][data-event-id="${live.id}"]`);
    await card.waitFor({ timeout: 20_000 });
    await card.getByTestId('match-time').waitFor();
    // Result, total and handicap side by side at 1440 px.
    await expect.poll(() => card.getByTestId('list-market').count()).toBeGreaterThanOrEqual(2);
    await screenshot(page, 'sportsbook-uof-list-1440');
    // Fractional odds from the bookmakers' ladder (5/1, 10/11), never 539/100.
    await page.getByTestId('odds-format').selectOption('fractional');
    const fractions = await page
      .locator('[data-testid="odds-button"]:not([disabled]) > span + span')
      .allTextContents();
    expect(fractions.length).toBeGreaterThan(0);
    for (const text of fractions)
      expect(text.replace(/^[▲▼]\s*/, '')).toMatch(/^\d+\/(1|2|3|4|5|6|7|8|9|10|11|13|15|20|40)$|^1\/\d+$/);
    await screenshot(page, 'sportsbook-uof-fractional-1440');
    await page.getByTestId('odds-format').selectOption('decimal');

    step('the live event: its clock runs');
    const period = () => page.getByTestId('event-page').getByTestId('match-period').textContent();
    await page.goto(`${server.url}/betting/event/${encodeURIComponent(live.id)}`);
    const time = page.getByTestId('event-page').getByTestId('match-time');
    await time.waitFor({ timeout: 20_000 });
    const first = await time.textContent();
    await page.waitForTimeout(2500);
    const second = await time.textContent();
    expect(first).toMatch(/^\d+:\d\d/);
    expect(second).toMatch(/^\d+:\d\d/);
    expect(second).not.toBe(first);
    expect(await period()).toMatch(/half|Halftime/);

    step('its markets carry the names of the descriptions, in English and German');
    const headings = () => page.getByTestId('market-name').allTextContents();
    const english = await api<TEvent>('sportsbook.getEvent', { id: live.id });
    expect(english.markets.map((m) => m.name)).toContain('1X2');
    expect(english.markets.some((m) => /^Total \d/.test(m.name))).toBe(true);
    await expect.poll(headings).toEqual(expect.arrayContaining(['1X2']));
    await page.goto(`${server.url}/de/betting/event/${encodeURIComponent(live.id)}`);
    await page.getByTestId('market').first().waitFor({ timeout: 20_000 });
    // content/sportsbook/market-descriptions.json: de names market 18 "Gesamt {total}" (the site's own words
    // would say "Tore gesamt") and its outcomes "Über/Unter {total}".
    const german = await api<TEvent>('sportsbook.getEvent', { id: live.id }, 'de');
    const total = german.markets.find((m) => m.id === 18);
    expect(total?.name).toMatch(/^Gesamt \d/);
    expect(total?.outcomes.map((o) => o.name.split(' ')[0])).toEqual(['Über', 'Unter']);
    await expect.poll(headings).toEqual(expect.arrayContaining(german.markets.map((m) => m.name)));
    await expect.poll(period).toMatch(/Halbzeit/);
    await screenshot(page, 'sportsbook-uof-event-de-1440');

    step('a live single on the match result');
    await page.goto(`${server.url}/betting/event/${encodeURIComponent(live.id)}`);
    const market = page
      .getByTestId('market')
      .filter({ has: page.getByTestId('market-name').getByText('1X2', { exact: true }) });
    let placed = false;
    // A live market stops for a moment at each goal: the slip says so and the player tries again.
    for (let attempt = 0; attempt < 5 && !placed; attempt++) {
      const price = market.locator('[data-testid="odds-button"]:not([disabled])').first();
      await price.waitFor({ timeout: 30_000 });
      if ((await price.getAttribute('aria-pressed')) !== 'true') await price.click();
      await page.getByTestId('slip-stake').fill('5');
      await page.getByTestId('slip-accept-odds').selectOption('any');
      await page.getByTestId('place-bet').click();
      placed = await page
        .getByTestId('bet-receipt')
        .waitFor({ timeout: 20_000 })
        .then(() => true)
        .catch(() => false);
      if (!placed) step(`not placed: ${await page.getByTestId('slip-message').textContent()}`);
    }
    expect(placed).toBe(true);
    await screenshot(page, 'sportsbook-uof-receipt-1440');

    step("the bet in the player's bets, named as the feed names it");
    await page.goto(`${server.url}/betting`);
    await page.getByTestId('tab-bets').click();
    const bet = page.getByTestId('bet-card').first();
    await bet.waitFor({ timeout: 20_000 });
    const leg = await bet.getByTestId('leg-market').first().textContent();
    expect(leg).toContain('1X2');
    expect(leg).toContain(live.competitors[0]?.name ?? 'no team');
    await screenshot(page, 'sportsbook-uof-my-bets-1440');
  }, 300_000);

  it('photographs the live list and a live event at 375 px', async () => {
    const live = await liveFootball();
    const phone = await browser.newContext({
      userAgent: USER_AGENT,
      viewport: { width: 375, height: 812 },
      isMobile: true,
      hasTouch: true,
    });
    const tab = await phone.newPage();
    await tab.goto(`${server.url}/betting`);
    const card = tab.locator(`[data-testid="event-card"][data-event-id="${live.id}"]`);
    await card.getByTestId('match-time').waitFor({ timeout: 20_000 });
    // Nothing wider than the phone: the result only, the other markets behind the event's link.
    expect(await tab.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await card.getByTestId('more-markets').isVisible()).toBe(true);
    await screenshot(tab, 'sportsbook-uof-list-375');
    await card.getByTestId('more-markets').click();
    await tab.getByTestId('event-page').getByTestId('match-time').waitFor({ timeout: 20_000 });
    expect(await tab.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(tab, 'sportsbook-uof-event-375');
    await phone.close();
  }, 180_000);
});
