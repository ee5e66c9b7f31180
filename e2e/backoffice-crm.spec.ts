/**
 * The player CRM in the browser (issue 40): an admin made with the CLI signs in, tags two of four new players on
 * their pages, filters the player list by the tag, saves the filter as a segment, opens it again and exports it as
 * CSV (the download's rows are the segment's players); then the list, the segment, a player's CRM panel, the
 * operators page (a new operator made from the UI, its password shown once) and the audit log are photographed at
 * 1440 px (e2e/screenshots/crm-*.png).
 */
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackofficeJourney } from './support/backoffice-journey.ts';
import { login, screenshot, USER_AGENT } from './support/browser.ts';
import { signInFirstTime, type TOperatorLogin } from './support/operator.ts';
import type { TServer } from './support/server.ts';

let server: TServer;
let browser: Browser;
let operator: TOperatorLogin;
let stop = async () => {};

beforeAll(async () => {
  ({ server, browser, operator, stop } = await startBackofficeJourney({
    dataDirPrefix: 'casino-crm-e2e-',
    email: 'crm-e2e@example.com',
    role: 'admin',
  }));
}, 300_000);

afterAll(() => stop());

/** Opens a player's page from the list's search and gives them a tag through the CRM panel. */
const tagPlayer = async (page: Page, email: string, tag: string) => {
  await page.goto(`${server.url}/admin/players?q=${encodeURIComponent(email)}`);
  await page
    .getByRole('table', { name: 'Players' })
    .locator('tbody')
    .getByRole('link', { name: email })
    .click();
  await page.getByRole('heading', { name: 'Notes, tags and risk flags' }).waitFor();
  await page.getByLabel('Tag', { exact: true }).fill(tag);
  await page.getByRole('button', { name: 'Add tag' }).click();
  await page.getByText('Tag added.').waitFor();
};

describe('the player CRM', () => {
  it('an operator filters players by a tag, saves the segment and exports it', {
    timeout: 240_000,
  }, async () => {
    const players = await browser.newContext({ userAgent: USER_AGENT });
    const made = [];
    for (let i = 0; i < 4; i++) made.push(await login(players, server.url));
    await players.close();

    const context = await browser.newContext({
      userAgent: USER_AGENT,
      viewport: { width: 1440, height: 1000 },
      acceptDownloads: true,
    });
    const page = await context.newPage();
    await signInFirstTime(page, server.url, operator);

    await page.goto(`${server.url}/admin/players`);
    await page.getByRole('heading', { name: /\d+ players?/ }).waitFor();
    await screenshot(page, 'crm-players-1440');

    const [first, second] = [made[0]?.email ?? '', made[2]?.email ?? ''];
    await tagPlayer(page, first, 'e2e-vip');
    await page.getByLabel('New note').fill('Asked for a VIP manager.');
    await page.getByRole('button', { name: 'Add note' }).click();
    await page.getByText('Note added.').waitFor();
    await screenshot(page, 'crm-player-panel-1440');
    await tagPlayer(page, second, 'e2e-vip');

    // Filter by the tag (the filter's select lists the tags in use) and keep the filter as a segment.
    await page.goto(`${server.url}/admin/players`);
    await page.getByLabel('Tag', { exact: true }).selectOption('e2e-vip');
    await page.getByLabel('Status').selectOption('active');
    await page.getByRole('button', { name: 'Show players' }).click();
    await page.getByRole('heading', { name: '2 players' }).waitFor();
    await page.getByLabel('Segment name').fill('E2E VIPs');
    await page.getByRole('button', { name: 'Save segment' }).click();
    await page.getByText('Segment saved').waitFor();
    expect(page.url()).toMatch(/segment=\d+/);

    // Back to the whole list, then the segment from its link.
    await page.goto(`${server.url}/admin/players`);
    await page.getByRole('link', { name: 'E2E VIPs' }).click();
    await page.getByRole('heading', { name: '2 players' }).waitFor();
    const rows = page.getByRole('table', { name: 'Players' }).locator('tbody tr');
    expect(await rows.count()).toBe(2);
    await screenshot(page, 'crm-segment-1440');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^players-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync(String(await download.path()), 'utf8')
      .trim()
      .split('\r\n');
    expect(csv[0]).toMatch(/^id,login,email,status/);
    expect(csv).toHaveLength(3);
    expect(
      csv
        .slice(1)
        .map((line) => line.split(',')[2])
        .sort(),
    ).toEqual([first, second].sort());
    for (const line of csv.slice(1)) expect(line).toContain('e2e-vip');

    // Operators made from the UI: the password is shown once.
    await page.goto(`${server.url}/admin/operators`);
    await page.getByLabel('E-mail').fill('crm-support@example.com');
    await page.getByLabel('Role', { exact: true }).selectOption('support');
    await page.getByRole('button', { name: 'Create operator' }).click();
    await page.getByRole('heading', { name: 'Operator created' }).waitFor();
    expect(await page.locator('[data-password]').textContent()).toMatch(/^[\w-]{24}$/);
    await page.goto(`${server.url}/admin/operators`);
    await screenshot(page, 'crm-operators-1440');
    await page.goto(`${server.url}/admin/audit`);
    await page.getByRole('link', { name: 'Export CSV' }).waitFor();
    await screenshot(page, 'crm-audit-1440');
    await context.close();
  });
});
