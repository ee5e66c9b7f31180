/**
 * The back-office's controls in the browser (issue 40, ADR 064): a support operator grants a $500 bonus, over the
 * support role's limit; the confirmation page says it will wait, and it waits on the Approvals page until a finance
 * operator approves it (the bonus then shows on the player's page); a player in a 24-hour time-out shows "time-out
 * until …" instead of "active" on their page, with the responsible-gaming panel. Screenshots at 1440 px
 * (e2e/screenshots/controls-*.png).
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackofficeJourney } from './support/backoffice-journey.ts';
import { login, screenshot, USER_AGENT } from './support/browser.ts';
import { createOperator, signInFirstTime, type TOperatorLogin } from './support/operator.ts';
import type { TServer } from './support/server.ts';

let server: TServer;
let browser: Browser;
let support: TOperatorLogin;
let finance: TOperatorLogin;
let stop = async () => {};

beforeAll(async () => {
  ({
    server,
    browser,
    operator: support,
    stop,
  } = await startBackofficeJourney({
    dataDirPrefix: 'casino-controls-e2e-',
    email: 'support-controls@example.com',
    role: 'support',
    // The second operator, who approves what is over the support role's limit.
    beforeServer: (dataDir) => {
      finance = createOperator(dataDir, 'finance-controls@example.com', 'finance');
    },
  }));
}, 300_000);

afterAll(() => stop());

const operatorPage = async (who: TOperatorLogin) => {
  const context = await browser.newContext({
    userAgent: USER_AGENT,
    viewport: { width: 1440, height: 1000 },
  });
  const page = await context.newPage();
  await signInFirstTime(page, server.url, who);
  return { context, page };
};

/** Opens a player's page from the list's search. */
const openPlayer = async (page: Page, email: string) => {
  await page.goto(`${server.url}/admin/players?q=${encodeURIComponent(email)}`);
  // The first player's login (the header's links sort the list).
  await page.getByRole('table', { name: 'Players' }).locator('tbody a').first().click();
  await page.waitForURL(/\/admin\/players\/\d+$/);
};

const api = (context: BrowserContext, name: string, form: Record<string, string>) =>
  context.request.post(`${server.url}/api/${name}?v=1&locale=en`, { form, headers: { origin: server.url } });

describe('the back-office controls', () => {
  it("a support operator's bonus over its limit waits for finance; a time-out shows on the player's page", {
    timeout: 240_000,
  }, async () => {
    const players = await browser.newContext({ userAgent: USER_AGENT });
    const lucky = await login(players, server.url);
    await players.close();
    const resting = await browser.newContext({ userAgent: USER_AGENT });
    const restingPlayer = await login(resting, server.url);
    await api(resting, 'responsibleGaming.setLossLimit', { period: '7', amount: '100' });
    const timeOut = await api(resting, 'responsibleGaming.takeTimeOut', { period: '24h' });
    expect(((await timeOut.json()) as { data: { type: string } }).data.type).toBe('time_out');
    await resting.close();

    // Support: the player in a time-out says so where "active" stood.
    const desk = await operatorPage(support);
    await openPlayer(desk.page, restingPlayer.email);
    const title = desk.page.getByRole('heading', { level: 1 });
    await expect(title.textContent()).resolves.toMatch(/time-out until \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);
    await expect(title.textContent()).resolves.not.toContain('active');
    const rg = desk.page.locator('[data-rg-panel]');
    await expect(rg.textContent()).resolves.toContain('$100.00 per 7 days');
    await expect(rg.textContent()).resolves.toContain('Time-out (24h) until');
    await screenshot(desk.page, 'controls-player-timeout-1440');

    // Support grants $500: over the support limit ($100), so the confirmation says it will wait.
    await openPlayer(desk.page, lucky.email);
    const grant = desk.page.locator('form[action$="/bonuses/grant"]');
    await grant.getByLabel('Template', { exact: true }).selectOption('demo10');
    await grant.getByLabel(/^Amount/).fill('500.00');
    await grant.getByLabel('Reason (recorded in the audit log)').fill('Goodwill after a long outage (e2e)');
    await grant.getByRole('button', { name: 'Grant bonus' }).click();
    await desk.page.getByRole('heading', { name: 'Confirm the bonus grant' }).waitFor();
    await desk.page.locator('[data-needs-approval]').waitFor();
    await screenshot(desk.page, 'controls-confirm-1440');
    await desk.page.getByRole('button', { name: 'Ask for approval' }).click();
    await desk.page.getByText('Over your limit: the request waits on the Approvals page').waitFor();
    await expect(desk.page.locator('tr[data-bonus]').count()).resolves.toBe(0);
    await desk.page.goto(`${server.url}/admin/approvals`);
    await desk.page.getByText('You asked for this: another operator decides.').waitFor();
    await desk.context.close();

    // Finance approves it: the grant runs once, as finance.
    const money = await operatorPage(finance);
    await money.page.goto(`${server.url}/admin/approvals`);
    const row = money.page.locator('tr[data-approval]').first();
    await expect(row.textContent()).resolves.toContain('$500.00');
    await expect(row.textContent()).resolves.toContain('support-controls@example.com');
    await expect(row.textContent()).resolves.toContain('Goodwill after a long outage (e2e)');
    await screenshot(money.page, 'controls-approvals-1440');
    await row.getByText('Approve…').click();
    await row.getByRole('button', { name: 'Approve and run it' }).click();
    await money.page.getByText('Approved: the action ran once.').waitFor();
    await money.page.goto(`${server.url}/admin/approvals?status=decided`);
    await expect(money.page.locator('tr[data-approval]').first().textContent()).resolves.toContain(
      'finance-controls@example.com',
    );
    await screenshot(money.page, 'controls-approvals-decided-1440');
    await money.page.goto(`${server.url}/admin/approvals/limits`);
    await screenshot(money.page, 'controls-limits-1440');
    await openPlayer(money.page, lucky.email);
    const bonus = money.page.locator('tr[data-bonus]').first();
    await expect(bonus.textContent()).resolves.toContain('$500.00');
    await expect(bonus.textContent()).resolves.toContain('active');
    await money.context.close();
  });
});
