/**
 * Screen-reader and keyboard access of the player's pages, checked by axe-core (WCAG 2.x A and AA rules and best
 * practice) in Chromium on the production build, as a signed-in player on a phone and on a 1440 px screen: no
 * violation of any impact. A page that loses a label, a landmark, a contrast or a name that holds its visible
 * text fails here.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, login, MOBILE_USER_AGENT, USER_AGENT } from './support/browser.ts';
import { startServer, type TServer } from './support/server.ts';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

let server: TServer;
let browser: Browser;
let phone: BrowserContext;
let desktop: BrowserContext;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  phone = await browser.newContext({ userAgent: MOBILE_USER_AGENT, viewport: { width: 375, height: 812 } });
  desktop = await browser.newContext({ userAgent: USER_AGENT, viewport: { width: 1440, height: 900 } });
  await login(phone, server.url);
  await login(desktop, server.url);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** axe's violations on the page once it has settled, one line each: impact, rule, first element, count. */
const violationsOf = async (context: BrowserContext, path: string) => {
  const page = await context.newPage();
  try {
    // Not 'networkidle': live pages keep sockets and polls open.
    await page.goto(`${server.url}${path}`, { waitUntil: 'load' });
    await page.waitForFunction(
      () => Object.keys(document).some((k) => k.startsWith('__reactContainer')),
      null,
      { timeout: 20_000 },
    );
    await page.waitForTimeout(1_000);
    await page.addScriptTag({ content: AXE });
    return await page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<never> } })
        .axe;
      const result: {
        violations: { impact: string; id: string; nodes: { target: string[] }[] }[];
      } = await axe.run(document, {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
        resultTypes: ['violations'],
      });
      return result.violations.map(
        (v) => `${v.impact} ${v.id}: ${v.nodes[0]?.target.join(' ')} (${v.nodes.length})`,
      );
    });
  } finally {
    await page.close();
  }
};

describe('accessibility of the player’s pages (axe-core, phone, signed in)', () => {
  for (const path of [
    '/',
    '/gamehall',
    '/game/sparkrush_dice_duel',
    '/betting',
    '/tournaments',
    '/jackpots',
    '/winners',
    '/promotions',
    '/loyalty',
    '/loyalty/shop',
    '/profile/settings',
    '/profile/bets',
    '/cashier/deposit',
    '/support',
    '/ar/',
    '/no-such-page',
  ])
    it(`${path} has no violation`, async () => {
      expect(await violationsOf(phone, path)).toEqual([]);
    });
});

describe('accessibility of the player’s pages (axe-core, 1440 px, signed in)', () => {
  for (const path of [
    '/',
    '/gamehall',
    '/game/copperfox_cherry_flare',
    '/betting',
    '/tournaments/1',
    '/profile/bets',
    '/jackpots/1',
    '/no-such-page',
  ])
    it(`${path} has no violation`, async () => {
      expect(await violationsOf(desktop, path)).toEqual([]);
    });
});
