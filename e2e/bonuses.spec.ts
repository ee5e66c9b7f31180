/**
 * The bonus journeys (issue 12). A visitor reads /promotions and the DEMO10 terms; a new player registers with
 * DEMO10 typed in the form (the field is checked as it is typed and shows its check icon), deposits, sees the
 * bonus on /profile/bonuses (the transparent card: $10.00, $0.00 of $100.00 wagered, max bet $5.00, the countdown,
 * "withdraw now: you keep …, you lose $10.00"), plays a real slot and watches the progress move, is refused a bet
 * over $5.00 with a clear message, and withdraws through the burn-bonuses confirm; the withdrawal holds the bonus,
 * and cancelling it brings the bonus back, active. Screenshots at 375 and 1440 px: e2e/screenshots/bonuses-*.png.
 */

import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, SCREENSHOTS, screenshot, USER_AGENT } from './support/browser.ts';
import { confirmEmail, depositByCard, fillCardWithdrawal, registerWithPromoCode } from './support/player.ts';
import { startServer, type TServer } from './support/server.ts';

let server: TServer;
let browser: Browser;
const errors: string[] = [];

const VIEWPORTS = [
  { name: '375', width: 375, height: 812 },
  { name: '1440', width: 1440, height: 900 },
];

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const step = (name: string) => process.stdout.write(`bonuses: ${name}\n`);

const newPage = async (context: BrowserContext) => {
  const page = await context.newPage();
  page.on('pageerror', (error) => errors.push(error.message));
  return page;
};

/** Full-page shots draw the sticky header where the page is scrolled: shoot from the top, at both widths. */
const shootBoth = async (page: Page, name: string) => {
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(200);
    await screenshot(page, `${name}-${viewport.name}`);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
};

describe('bonuses', () => {
  it('a visitor reads the promotions and the full terms of DEMO10', async () => {
    const context = await browser.newContext({
      userAgent: USER_AGENT,
      viewport: { width: 1440, height: 900 },
    });
    const page = await newPage(context);
    await page.goto(`${server.url}/promotions`);
    const cards = page.getByTestId('promotion-card');
    await cards.first().waitFor();
    // The campaign popup for visitors on the promotions pages (content/campaigns/popups.json), once a session.
    const campaign = page.getByTestId('campaign-dialog');
    await campaign.waitFor({ timeout: 15_000 });
    expect(await campaign.getByTestId('campaign-button').getAttribute('href')).toBe(
      '/?promo_code=DEMO10&show_popup_reg=1',
    );
    await shootBoth(page, 'bonuses-campaign-popup');
    await page.keyboard.press('Escape');
    await campaign.waitFor({ state: 'detached' });
    const titles = await cards.locator('h2').allTextContents();
    expect(titles).toEqual(expect.arrayContaining(['Welcome bonus', 'Promo code bonus']));
    await shootBoth(page, 'bonuses-promotions');
    await page.goto(`${server.url}/promotions/code-DEMO10`);
    const detail = page.getByTestId('promotion-detail');
    await detail.waitFor();
    const terms = await detail.getByTestId('promotion-terms').textContent();
    for (const part of ['$10.00', '10× the bonus', '$5.00', '7 days', 'Slots 100%', 'Live casino 10%'])
      expect(terms).toContain(part);
    await shootBoth(page, 'bonuses-promotion-detail');
    // Unknown promotions are 404.
    expect((await page.goto(`${server.url}/promotions/code-NOPE`))?.status()).toBe(404);
    await context.close();
  }, 120_000);

  it('registers with DEMO10, sees the bonus move while playing a slot, is refused a big bet, withdraws through the burn confirm', async () => {
    const context = await browser.newContext({
      userAgent: USER_AGENT,
      viewport: { width: 1440, height: 900 },
    });
    const page = await newPage(context);
    const email = `demo10-${Date.now()}@example.com`;

    step('register with DEMO10 typed in the form');
    await registerWithPromoCode(page, server.url, email, 'DEMO10');

    step('deposit, then the bonus card');
    await depositByCard(context, server.url, '50');
    await page.goto(`${server.url}/profile/bonuses`);
    const card = page.getByTestId('bonus-card').first();
    await card.waitFor();
    expect(await card.getAttribute('data-status')).toBe('active');
    expect(await card.getByTestId('bonus-balance').textContent()).toBe('$10.00');
    expect(await card.getByTestId('bonus-wagered').textContent()).toBe('$0.00 of $100.00 wagered');
    expect(await card.getByTestId('bonus-max-bet').textContent()).toBe('$5.00');
    expect(await card.getByTestId('bonus-countdown').textContent()).toMatch(/^Expires in [67] d/);
    expect(await card.getByTestId('bonus-withdraw-now').textContent()).toBe(
      'Withdraw now: you keep $50.00, you lose $10.00.',
    );
    await shootBoth(page, 'bonuses-profile');
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await card.screenshot({ path: join(SCREENSHOTS, `bonuses-card-${viewport.name}.png`) });
    }
    await page.setViewportSize({ width: 1440, height: 900 });

    step('play the slot for real: the progress moves');
    await page.goto(`${server.url}/game/copperfox_cherry_flare`);
    await page.locator('[data-testid="game-stage"][data-ready="true"]').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('mode-real').getAttribute('aria-pressed')).toBe('true');
    await page.getByTestId('bet-input').fill('2.00');
    const played = page.waitForResponse((r) => r.url().includes('/api/games.play'), { timeout: 20_000 });
    await page.locator('[data-testid="spin"]:visible').first().click();
    expect((await (await played).json()).error).toBeNull();
    await expect
      .poll(() => page.locator('[data-testid="spin"]:visible').first().isEnabled(), { timeout: 60_000 })
      .toBe(true);

    step('a bet over the max bet is refused with a clear message');
    await page.getByTestId('bet-input').fill('6.00');
    const refused = page.waitForResponse((r) => r.url().includes('/api/games.play'), { timeout: 20_000 });
    await page.locator('[data-testid="spin"]:visible').first().click();
    expect((await (await refused).json()).error).toEqual({
      type: 'InvalidParameterException',
      error_data: { invalid_parameters: { bet: 'bonusMaxBet' }, max_bet: 5 },
    });
    await page.getByText('While your bonus is active the largest bet is $5.00.').first().waitFor();
    await shootBoth(page, 'bonuses-max-bet');

    await page.goto(`${server.url}/profile/bonuses`);
    await card.waitFor();
    expect(await card.getByTestId('bonus-wagered').textContent()).toBe('$2.00 of $100.00 wagered');
    expect(await card.getByTestId('bonus-progress').getAttribute('aria-valuenow')).toBe('2');

    step('confirm the e-mail, then withdraw through the burn-bonuses confirm');
    await confirmEmail(page, server.url, email);
    await page.goto(`${server.url}/cashier/withdraw`);
    await fillCardWithdrawal(page, '20');
    const burn = page.getByRole('alertdialog');
    await burn.getByTestId('burn-bonuses-confirm').waitFor();
    expect(await burn.textContent()).toContain('You lose $10.00 of bonus money if the withdrawal is paid.');
    await shootBoth(page, 'bonuses-burn-confirm');
    await burn.getByRole('button', { name: 'Yes, continue' }).click();
    await expect
      .poll(() => page.getByTestId('pending-withdrawals').getByRole('listitem').count(), { timeout: 15_000 })
      .toBe(1);

    step('the withdrawal holds the bonus; cancelling it gives the money and the bonus back');
    expect(await page.getByTestId('pending-bonus-note').textContent()).toContain(
      'Your bonus ($10.00) is paused while these wait.',
    );
    await page.getByTestId('cancel-withdrawal').click();
    // The site asks first (issue 41: money actions confirm).
    await page
      .getByRole('alertdialog', { name: 'Cancel this withdrawal?' })
      .getByRole('button', { name: 'Cancel withdrawal' })
      .click();
    await page.getByText('your bonus ($10.00) is back too').first().waitFor();
    await page.goto(`${server.url}/profile/bonuses`);
    await page.locator('[data-testid="bonus-card"][data-status="active"]').waitFor();
    await shootBoth(page, 'bonuses-back-after-cancel');
    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);
});
