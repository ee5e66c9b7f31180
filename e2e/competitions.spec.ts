/**
 * Competitions journey: a new player opens the active demo tournament, takes part, plays real rounds of dice in
 * another tab, and sees their place and points move on the tournament page without a reload (live socket); the
 * jackpots and winners pages render. Screenshots at 375 and 1440 px of /tournaments/{id}, /jackpots, /winners.
 * Then a marketing operator creates a tournament in the back-office (a bad date first) that the site lists, and
 * the game hall and the game page show the tournament and jackpot badges (screenshots of each new screen).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackofficeJourney } from './support/backoffice-journey.ts';
import { login, screenshot, USER_AGENT } from './support/browser.ts';
import { signedInTab, type TOperatorLogin } from './support/operator.ts';
import { depositByCard } from './support/player.ts';
import type { TServer } from './support/server.ts';

let server: TServer;
let browser: Browser;
let operator: TOperatorLogin;
let stop = async () => {};

beforeAll(async () => {
  ({ server, browser, operator, stop } = await startBackofficeJourney({
    dataDirPrefix: 'casino-competitions-e2e-',
    email: 'competitions-e2e@example.com',
    role: 'marketing',
  }));
}, 300_000);

afterAll(() => stop());

const bothWidths = async (page: Page, name: string) => {
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await screenshot(page, `${name}-${width}`);
  }
};

/** `YYYY-MM-DDTHH:MM` in UTC, as the back-office's datetime inputs take it. */
const utcInput = (at: Date) => at.toISOString().slice(0, 16);

describe('competitions', () => {
  it('a player joins the active tournament, plays, and sees their place update without a reload', async () => {
    const context = await browser.newContext({
      userAgent: USER_AGENT,
      viewport: { width: 1440, height: 900 },
    });
    await login(context, server.url);
    await depositByCard(context, server.url, '50');
    const page = await context.newPage();
    await page.goto(`${server.url}/tournaments`);
    await page.getByTestId('tournament-card').first().click();
    await page.getByTestId('tournament-page').waitFor();
    const url = page.url();
    await page.getByTestId('live-badge').waitFor({ timeout: 20_000 }); // hydrated, the socket open
    await page.getByTestId('participate').click();
    await expect.poll(() => page.getByTestId('my-place').textContent(), { timeout: 20_000 }).toContain('0');
    // Real rounds in another tab of the same player (the seeded active tournament counts slots and fast games).
    for (let i = 0; i < 3; i++) {
      const played = await context.request.post(`${server.url}/api/games.play?v=1&locale=en`, {
        form: {
          sysname: 'sparkrush_dice_duel',
          bet: '1.00',
          mode: 'real',
          params: '{"target":5000,"over":true}',
        },
        headers: { origin: server.url },
      });
      expect(((await played.json()) as { error: unknown }).error).toBeNull();
    }
    await expect.poll(() => page.getByTestId('my-place').textContent(), { timeout: 20_000 }).toMatch(/1\D+3/);
    await expect.poll(() => page.locator('[data-me="true"]').count(), { timeout: 20_000 }).toBe(1);
    expect(page.url()).toBe(url);
    for (const width of [375, 1440]) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      await screenshot(page, `competitions-tournament-${width}`);
    }
    for (const path of ['/jackpots', '/winners']) {
      await page.goto(`${server.url}${path}`);
      for (const width of [375, 1440]) {
        await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
        await screenshot(page, `competitions-${path.slice(1)}-${width}`);
      }
    }
    await context.close();
  });

  it('an operator creates a tournament in the back-office; the site lists it and badges its game', {
    timeout: 180_000,
  }, async () => {
    const { context, page } = await signedInTab(browser, server.url, operator);
    await page.goto(`${server.url}/admin/competitions`);
    await page.getByRole('heading', { name: 'Competitions', exact: true }).waitFor();
    await bothWidths(page, 'admin-competitions');
    await page.getByRole('link', { name: 'Jackpots', exact: true }).click();
    await page.locator('tr[data-jackpot]').first().waitFor();
    await bothWidths(page, 'admin-competitions-jackpots');
    await page.goto(
      `${server.url}/admin/competitions/jackpots/${await page.locator('tr[data-jackpot]').first().getAttribute('data-jackpot')}`,
    );
    await page.getByRole('heading', { name: /./ }).first().waitFor();
    await bothWidths(page, 'admin-competitions-jackpot-edit');
    await page.goto(`${server.url}/admin/competitions/jackpots/new`);
    await page.getByRole('heading', { name: 'New jackpot' }).waitFor();
    await bothWidths(page, 'admin-competitions-jackpot-new');
    // The seeded active tournament the first journey's player joined and played: its standings.
    await page.goto(`${server.url}/admin/competitions/tournaments/1`);
    await page.locator('tr[data-player]').first().waitFor();
    await bothWidths(page, 'admin-competitions-standings');
    await page.setViewportSize({ width: 1440, height: 900 });

    await page.goto(`${server.url}/admin/competitions`);
    await page.getByRole('link', { name: 'New tournament' }).click();
    await page.getByRole('heading', { name: 'New tournament' }).waitFor();
    const now = Date.now();
    await page.getByLabel('Title (English)').fill('E2E Dice Dash');
    await page.getByLabel('Description (English)').fill('Made in the back-office by the browser journey.');
    await page.getByLabel('Starts (UTC)').fill(utcInput(new Date(now - 10 * 60_000)));
    await page.getByLabel('Ends (UTC)').fill(utcInput(new Date(now - 20 * 60_000))); // before the start: refused
    await page.locator('#t-games-list').fill('sparkrush_dice_duel');
    await page.getByLabel('Prize for place 1').fill('40.00');
    await page.getByLabel('Prize for place 2').fill('15');
    await page.getByRole('button', { name: 'Create tournament' }).click();
    await page.getByText('Ends: must be after the start.').waitFor();
    await bothWidths(page, 'admin-competitions-tournament-form-error');
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByLabel('Ends (UTC)').fill(utcInput(new Date(now + 3 * 86_400_000)));
    await page.getByRole('button', { name: 'Create tournament' }).click();
    await page.getByText('Tournament created. The site shows it now.').waitFor();
    const id = /\/admin\/competitions\/tournaments\/(\d+)/.exec(page.url())?.[1];
    expect(id).toMatch(/^\d+$/);
    await page.getByRole('heading', { name: 'Standings' }).waitFor();
    await bothWidths(page, 'admin-competitions-tournament');
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${server.url}/admin/competitions/tournaments/${id}/edit`);
    await bothWidths(page, 'admin-competitions-tournament-form');

    // The site: the active tab lists it; its page shows its prizes; the dice game shows its badges.
    const site = await browser.newContext({ userAgent: USER_AGENT, viewport: { width: 1440, height: 900 } });
    const player = await site.newPage();
    await player.goto(`${server.url}/tournaments`);
    const card = player.getByTestId('tournament-card').filter({ hasText: 'E2E Dice Dash' });
    await card.waitFor();
    await card.click();
    await player.getByTestId('tournament-page').waitFor();
    expect(new URL(player.url()).pathname).toBe(`/tournaments/${id}`);
    await player.goto(`${server.url}/gamehall?providers=sparkrush`);
    const tile = player.locator('[data-testid="game-tile"][data-sysname="sparkrush_dice_duel"]');
    await tile.locator('[data-badge="tournament"]').waitFor();
    await expect(tile.textContent()).resolves.toContain('In the tournament E2E Dice Dash');
    await bothWidths(player, 'competitions-gamehall-badges');
    await player.setViewportSize({ width: 1440, height: 900 });
    await player.goto(`${server.url}/game/sparkrush_dice_duel`);
    const badges = player.getByTestId('game-badges');
    await badges.getByRole('link', { name: 'In the tournament E2E Dice Dash' }).waitFor();
    await bothWidths(player, 'competitions-game-badges');
    await player.setViewportSize({ width: 375, height: 812 });
    await player.goto(`${server.url}/ar/game/sparkrush_dice_duel`);
    await player.getByTestId('game-badges').waitFor();
    await screenshot(player, 'competitions-game-badges-ar-375');
    await site.close();
    await context.close();
  });
});
