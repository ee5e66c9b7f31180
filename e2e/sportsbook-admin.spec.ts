/**
 * The sportsbook desk in the back-office (issue 15): the feed announces an event, a player deposits and bets on
 * it, an operator made with the CLI signs in (password, then TOTP), finds the event with its liability, suspends
 * its 1X2 market — the player's site sees it suspended — settles it by hand and finds the bet paid; the player
 * stakes the winnings elsewhere, the operator corrects the result, and the debt shows on the player's limits page
 * and in the debts. Settling before the start is refused until the override is ticked; the bet list names the
 * event, market, outcome and player (issue 40). The desk is photographed at 1440 and 375 px (e2e/screenshots/admin-sportsbook-*.png).
 */
import { createHmac } from 'node:crypto';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackofficeJourney } from './support/backoffice-journey.ts';
import { login, screenshot, USER_AGENT } from './support/browser.ts';
import { signedInTab, type TOperatorLogin } from './support/operator.ts';
import { payBySandboxCard } from './support/sandbox-card.ts';
import type { TServer } from './support/server.ts';

const FEED_SECRET = 'e2e-sportsbook-desk-feed-secret-0123456789';
const EVENT = 'e2e-desk-1';
let server: TServer;
let browser: Browser;
let operator: TOperatorLogin;
let stop = async () => {};
let seq = 0;

beforeAll(async () => {
  ({ server, browser, operator, stop } = await startBackofficeJourney({
    dataDirPrefix: 'casino-desk-e2e-',
    email: 'desk-e2e@example.com',
    role: 'admin',
    env: { SPORTSBOOK_FEED_SECRET: FEED_SECRET, SPORTSBOOK_SIMULATOR: '1' },
  }));
}, 300_000);

afterAll(() => stop());

const step = (name: string) => process.stdout.write(`sportsbook desk: ${name}\n`);

/** A signed feed message, as the operator's odds provider sends it. */
const feed = async (message: Record<string, unknown>) => {
  const body = JSON.stringify({
    message_id: `desk-e2e-${Date.now()}-${seq++}`,
    timestamp: Date.now() + seq,
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

/** A football match tomorrow (event_id to add) and its 1X2 prices. */
const fixture = {
  type: 'fixture',
  sport: 'football',
  tournament: 'Desk Cup',
  competitors: [
    { id: 'desk-h', name: 'Northbridge' },
    { id: 'desk-a', name: 'Southport' },
  ],
  start_time: new Date(Date.now() + 86_400_000).toISOString(),
  status: 'not_started',
};
const prices = {
  type: 'odds_change',
  markets: [
    {
      id: 1,
      specifiers: '',
      status: 1,
      outcomes: [
        { id: '1', odds: 2.1 },
        { id: '2', odds: 3.4 },
        { id: '3', odds: 3.6 },
      ],
    },
  ],
};

const open = async (page: Page, path: string) => {
  await page.goto(`${server.url}${path}`, { waitUntil: 'domcontentloaded' });
};

/**
 * The bet's status on the desk's search, reloaded until it is `status`: a settlement records the results at once and
 * brings the bets in line in the jobs queue (docs/decisions/030), so a leg may read 'lost' while its bet is still won.
 */
const betStatusBecomes = async (page: Page, bet: Locator, status: string) => {
  await expect
    .poll(
      async () => {
        await open(page, `/admin/sportsbook/bets?event=${EVENT}`);
        return bet.locator('td[data-label="Status"]').textContent();
      },
      { timeout: 30_000, interval: 500 },
    )
    .toMatch(new RegExp(`^\\s*${status}`));
};

/** Both widths of the page as it is now. */
const photograph = async (page: Page, name: string) => {
  await screenshot(page, `${name}-1440`);
  await page.setViewportSize({ width: 375, height: 812 });
  await screenshot(page, `${name}-375`);
  await page.setViewportSize({ width: 1440, height: 900 });
};

describe('the sportsbook desk', () => {
  it('an operator finds an event with its liability, suspends, settles and corrects its market', {
    timeout: 240_000,
  }, async () => {
    step('the feed announces an event');
    await feed({ ...fixture, event_id: EVENT });
    await feed({ ...prices, event_id: EVENT });

    step('a player deposits and bets 10 on the home side');
    const player = await browser.newContext({
      userAgent: USER_AGENT,
      viewport: { width: 1440, height: 900 },
    });
    await login(player, server.url);
    const cashier = await player.newPage();
    await cashier.goto(`${server.url}/cashier/deposit/card`);
    await cashier.getByLabel('Amount', { exact: true }).fill('50');
    await cashier.getByTestId('deposit-submit').click();
    await payBySandboxCard(cashier);
    await cashier.waitForURL(/\/cashier\/paysuccess\//, { timeout: 15_000 });
    /** A single on the home side at 2.10. */
    const placeBet = async (event: string, stake: string) =>
      (await (
        await player.request.post(`${server.url}/api/sportsbook.placeBet?v=1&locale=en`, {
          form: {
            selections: JSON.stringify([
              { event_id: event, market_id: 1, specifiers: '', outcome_id: '1', odds: 2.1 },
            ]),
            type: 'single',
            stake,
            accept_odds: 'none',
            bet_uuid: `desk-e2e-${event}-${stake}`,
          },
          headers: { origin: server.url },
        })
      ).json()) as { data: { bets: { id: number }[] } | null; error: unknown };
    const placed = await placeBet(EVENT, '10');
    expect(placed.error).toBeNull();
    const betId = placed.data?.bets[0]?.id;

    step('the operator signs in: password, then the TOTP code');
    const { context, page } = await signedInTab(browser, server.url, operator);
    await page.getByRole('heading', { name: 'Withdrawals', exact: true }).waitFor();

    step('the desk lists the event with its liability');
    await page.getByRole('link', { name: 'Sportsbook' }).click();
    await page.getByRole('heading', { name: 'Sportsbook', exact: true }).waitFor();
    const row = page.locator(`tr[data-event="${EVENT}"]`);
    await expect(row.textContent()).resolves.toContain('$21.00');
    await photograph(page, 'admin-sportsbook-events');

    step('the event page: liability per outcome; the operator suspends 1X2');
    await row.getByRole('link', { name: 'Northbridge v Southport' }).click();
    await page.getByRole('heading', { name: /Northbridge v Southport/ }).waitFor();
    const home = page.locator('section[data-market="1/"] tr[data-outcome="1"]');
    await expect(home.textContent()).resolves.toContain('$21.00');
    await photograph(page, 'admin-sportsbook-event');
    await page.getByRole('button', { name: 'Suspend 1X2' }).click();
    await page.getByText('Market suspended: no bets are taken on it until it is resumed.').waitFor();
    await page.getByRole('button', { name: 'Resume 1X2' }).waitFor();
    await photograph(page, 'admin-sportsbook-suspended');
    const event = (await (
      await fetch(`${server.url}/api/sportsbook.getEvent?v=1&locale=en&id=${EVENT}`)
    ).json()) as { data: { markets: { id: number; status: number }[] } };
    expect(event.data.markets.find((m) => m.id === 1)?.status).toBe(-1);

    step('the operator settles 1X2 by hand: Northbridge won');
    await page.locator('section[data-market="1/"] summary').click();
    await page.getByLabel('Northbridge').check();
    await page.getByLabel('Reason (recorded in the audit log)').fill('Result confirmed by the league');
    await photograph(page, 'admin-sportsbook-settle');
    await page
      .locator('section[data-market="1/"]')
      .getByLabel(/I have checked the result/)
      .check();
    await page.getByRole('button', { name: 'Settle the bets' }).click();
    // The match has not started: without the override nothing is settled (issue 40).
    await page.getByText(/The event has not started: to settle it anyway, tick/).waitFor();
    await expect(home.textContent()).resolves.not.toContain('won');
    await photograph(page, 'admin-sportsbook-override-refused');
    await page.locator('section[data-market="1/"] summary').click();
    await page.getByLabel('Northbridge').check();
    await page
      .getByLabel('Reason (recorded in the audit log)')
      .fill('Played early; result confirmed by the league');
    await page
      .locator('section[data-market="1/"]')
      .getByLabel(/I have checked the result/)
      .check();
    await page.getByLabel(/Settle before the start/).check();
    await page.getByRole('button', { name: 'Settle the bets' }).click();
    await page.getByText('Market settled: its bets are paid as the feed would pay them.').waitFor();
    await expect(home.textContent()).resolves.toContain('won');

    step('the bet in the search, paid');
    const bet = page.locator(`tr[data-bet="${betId}"]`);
    await betStatusBecomes(page, bet, 'won');
    // Named: the event, the market, the outcome and the player's login (issue 40).
    await expect(bet.locator('td[data-label="Selections"]').textContent()).resolves.toMatch(
      /Northbridge v Southport · 1X2 · Northbridge @ 2\.10/,
    );
    await expect(bet.locator('td[data-label="Player"] a').textContent()).resolves.not.toMatch(/^#/);
    await photograph(page, 'admin-sportsbook-bets');

    step(
      'the player stakes all of it (61) elsewhere; the operator corrects the result: the winnings become a debt',
    );
    await feed({ ...fixture, event_id: `${EVENT}-b` });
    await feed({ ...prices, event_id: `${EVENT}-b` });
    expect((await placeBet(`${EVENT}-b`, '61')).error).toBeNull();
    await open(page, `/admin/sportsbook/events/${EVENT}`);
    await page.locator('section[data-market="1/"] summary').click();
    await page.getByLabel('Southport').check();
    await page.getByLabel('Reason (recorded in the audit log)').fill('Correction: the away side won 1-2');
    await page
      .locator('section[data-market="1/"]')
      .getByLabel(/I have checked the result/)
      .check();
    await page.getByLabel(/Settle before the start/).check();
    await page.getByRole('button', { name: 'Settle the bets' }).click();
    await page.getByText('Market settled: its bets are paid as the feed would pay them.').waitFor();
    await betStatusBecomes(page, bet, 'lost');
    await bet.locator('td[data-label="Player"] a').click();
    await page.getByRole('heading', { name: /betting limits/ }).waitFor();
    await photograph(page, 'admin-sportsbook-player');
    await expect(page.locator('dl.stats').textContent()).resolves.toContain('$21.00');
    await open(page, '/admin/sportsbook/debts');
    await expect(page.locator('tr[data-debt]').first().textContent()).resolves.toContain('$21.00');
    await photograph(page, 'admin-sportsbook-debts');
    await open(page, '/admin/audit');
    await page.locator('td', { hasText: 'sportsbook.market_suspend' }).first().waitFor();
    await page.locator('td', { hasText: 'sportsbook.market_settle' }).first().waitFor();
    // A settlement's before and after read as one line per outcome, not as JSON.
    const settled = page.locator('tr', { hasText: 'sportsbook.market_settle' }).first();
    await expect(settled.locator('td[data-label="After"]').textContent()).resolves.toMatch(
      /settlement:\n( {2}\S+: (won|lost|void)\n?)+$/,
    );
    await expect(settled.textContent()).resolves.not.toContain('{"');
    // Its target links to the event's page.
    await settled.locator('td[data-label="Target"] a').click();
    await page.waitForURL(/\/admin\/sportsbook\/events\/[^/]+$/);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await context.close();
    await player.close();
  });
});
