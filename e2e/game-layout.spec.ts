/**
 * Every game of the catalogue shows its primary action (spin, bet, deal, roll, drop…) without scrolling at
 * 1366×768, 1440×900 and 375×667; and a slot of each theme is photographed at 375 and 1440 px.
 *
 * A game is loaded once and resized through the three screens: the server renders the same page for every
 * screen (the device class is the width, lib/device-class.ts), so a load per screen checked nothing more and
 * tripled the journey's time.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import catalogue from '../content/games/games.json' with { type: 'json' };
import { launchBrowser, screenshot, USER_AGENT } from './support/browser.ts';
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
  { width: 1366, height: 768 },
  { width: 1440, height: 900 },
  { width: 375, height: 667 },
];

type TSeedGame = { sysname: string; type: string; engine: string };
// The sportsbook (type betting) is a section of its own, not a play screen with one action.
const GAMES = (catalogue as TSeedGame[]).filter((g) => g.type !== 'betting');

/** Opens a game and waits for its hydrated screen. */
const openGame = async (page: Page, sysname: string) => {
  await page.goto(`${server.url}/game/${sysname}`);
  await page.locator('[data-testid="game-stage"][data-ready="true"]').waitFor({ timeout: 20_000 });
  await page.getByTestId('game-stage').locator('[data-testid$="-screen"]').waitFor({ timeout: 20_000 });
};

/** Where the visible primary action is, and whether the page was scrolled to get there. */
const primaryAction = (page: Page) =>
  page.evaluate(() => {
    const buttons = [...document.querySelectorAll<HTMLElement>('[data-primary-action]')];
    const visible = buttons.find((b) => b.offsetParent !== null);
    const box = visible?.getBoundingClientRect();
    return {
      found: Boolean(box),
      top: box?.top ?? -1,
      bottom: box?.bottom ?? -1,
      left: box?.left ?? -1,
      right: box?.right ?? -1,
      scrollY: window.scrollY,
    };
  });

type TViewport = (typeof VIEWPORTS)[number];
type TActionBox = Awaited<ReturnType<typeof primaryAction>>;

const isInside = (box: TActionBox, viewport: TViewport) =>
  box.found &&
  box.scrollY === 0 &&
  box.top >= 0 &&
  box.left >= 0 &&
  box.bottom <= viewport.height &&
  box.right <= viewport.width;

/** The action's box once the layout has followed a resize (a few frames; at most a second). */
const settledAction = async (page: Page, viewport: TViewport) => {
  let box = await primaryAction(page);
  for (let tries = 0; tries < 10 && !isInside(box, viewport); tries += 1) {
    await page.waitForTimeout(100);
    box = await primaryAction(page);
  }
  return box;
};

describe('game layouts', () => {
  it('shows the primary action of every game inside the first screen', async () => {
    const misses: string[] = [];
    const [first, ...others] = VIEWPORTS as [TViewport, ...TViewport[]];
    const context = await browser.newContext({ userAgent: USER_AGENT, viewport: first });
    const page = await context.newPage();
    for (const game of GAMES) {
      await page.setViewportSize(first);
      await openGame(page, game.sysname);
      // Crash and live tables draw their action once the table's round has arrived.
      await page.locator('[data-primary-action]').first().waitFor({ timeout: 20_000 });
      for (const viewport of [first, ...others]) {
        if (viewport !== first) await page.setViewportSize(viewport);
        const box = await settledAction(page, viewport);
        if (!isInside(box, viewport))
          misses.push(`${game.sysname} at ${viewport.width}×${viewport.height}: ${JSON.stringify(box)}`);
      }
    }
    await context.close();
    expect(misses).toEqual([]);
  }, 900_000);

  it('photographs a slot of each theme at 375 and 1440 px', async () => {
    const themes = new Map<string, string>();
    for (const g of GAMES) if (g.type === 'slot' && !themes.has(g.engine)) themes.set(g.engine, g.sysname);
    for (const width of [375, 1440]) {
      const context = await browser.newContext({
        userAgent: USER_AGENT,
        viewport: { width, height: width === 375 ? 667 : 900 },
      });
      const page = await context.newPage();
      for (const [engine, sysname] of themes) {
        await openGame(page, sysname);
        await page.locator('[data-testid="slot-screen"] [data-symbol] svg').first().waitFor();
        await page.locator('[data-testid="rules-panel"] details:has(.gm-paytable)').evaluate((d) => {
          (d as HTMLDetailsElement).open = true;
        });
        await screenshot(page, `slot-${engine}-${width}`);
      }
      await context.close();
    }
  }, 300_000);
});
