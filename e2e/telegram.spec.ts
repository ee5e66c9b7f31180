/**
 * Issue 16 item 7, the site inside Telegram's Mini App web view. Telegram is outside the product: a fake
 * `Telegram.WebApp` is put on the page by an init script (initData signed here with the server's bot token),
 * and any request to telegram.org fails the journey. Our server and pages are real.
 */
import { execFileSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, USER_AGENT } from './support/browser.ts';
import { E2E_SECRETS, freshDataDir, ROOT, startServer, type TServer } from './support/server.ts';

const TELEGRAM_BOT_TOKEN = '123456:e2e-test-bot-token';
let server: TServer;
let browser: Browser;
let dataDir: string;

beforeAll(async () => {
  // The operator shows the game's full-screen toggle inside Telegram only.
  dataDir = freshDataDir('casino-telegram-e2e-');
  const siteConfig = JSON.parse(readFileSync(join(ROOT, 'content/site-config.json'), 'utf8'));
  siteConfig.fullScreenVisibility = 'telegram';
  const { DATABASE_URL: _db, ...env } = process.env;
  execFileSync(
    process.execPath,
    ['e2e/support/set-setting.ts', JSON.stringify({ 'site-config': siteConfig })],
    {
      cwd: ROOT,
      env: { ...env, ...E2E_SECRETS, DATA_DIR: dataDir },
      encoding: 'utf8',
    },
  );
  server = await startServer({ TELEGRAM_BOT_TOKEN, DATA_DIR: dataDir });
  browser = await launchBrowser();
}, 400_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** initData as Telegram signs it (secret = HMAC-SHA256("WebAppData", bot token)). */
const initData = (userId: number) => {
  const fields: Record<string, string> = {
    query_id: 'AAHdF6IQAAAAAN0XohDhrOrc',
    user: JSON.stringify({ id: userId, first_name: 'Mira', username: `mira${userId}`, language_code: 'en' }),
    auth_date: String(Math.floor(Date.now() / 1000)),
  };
  const check = Object.keys(fields)
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join('\n');
  const secret = createHmac('sha256', 'WebAppData').update(TELEGRAM_BOT_TOKEN).digest();
  const hash = createHmac('sha256', secret).update(check).digest('hex');
  return new URLSearchParams({ ...fields, hash }).toString();
};

/** The fake WebApp: records ready(), the back button's state and handlers; the theme is Telegram's dark one. */
const installFakeWebApp = (data: string) => {
  const w = window as unknown as Record<string, unknown>;
  const clicks = new Set<() => void>();
  const fullscreenHandlers = new Set<() => void>();
  const state = {
    ready: 0,
    backVisible: false,
    fullscreenRequests: 0,
    clickBack: () => {
      for (const h of clicks) h();
    },
  };
  w.__tg = state;
  w.Telegram = {
    WebApp: {
      initData: data,
      colorScheme: 'dark',
      themeParams: {
        bg_color: '#17212b',
        text_color: '#f5f5f5',
        button_color: '#5288c1',
        button_text_color: '#ffffff',
      },
      ready: () => {
        state.ready += 1;
      },
      expand: () => undefined,
      isVersionAtLeast: () => true,
      isFullscreen: false,
      requestFullscreen: () => {
        state.fullscreenRequests += 1;
        const app = (w.Telegram as { WebApp: { isFullscreen: boolean } }).WebApp;
        app.isFullscreen = true;
        for (const h of fullscreenHandlers) h();
      },
      exitFullscreen: () => undefined,
      onEvent: (event: string, h: () => void) => {
        if (event === 'fullscreenChanged') fullscreenHandlers.add(h);
      },
      offEvent: (_: string, h: () => void) => fullscreenHandlers.delete(h),
      BackButton: {
        show: () => {
          state.backVisible = true;
        },
        hide: () => {
          state.backVisible = false;
        },
        onClick: (h: () => void) => clicks.add(h),
        offClick: (h: () => void) => clicks.delete(h),
      },
    },
  };
};

const telegramPage = async (data: string) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, userAgent: USER_AGENT });
  const outside: string[] = [];
  await context.route(/telegram\.org/, (route) => {
    outside.push(route.request().url());
    return route.abort();
  });
  await context.addInitScript(installFakeWebApp, data);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, outside, errors };
};

const accountOf = async (context: BrowserContext) =>
  (
    (await (await context.request.get(`${server.url}/api/account.getInfo?v=1&locale=en`)).json()) as {
      data: { uid: number; login: string };
    }
  ).data;

const tg = (page: Page) =>
  page.evaluate(() => (window as unknown as { __tg: { ready: number; backVisible: boolean } }).__tg);

describe('inside Telegram', () => {
  it('signs the player in from initData and asks to complete the registration', async () => {
    const { context, page, outside, errors } = await telegramPage(initData(424242));
    await page.goto(`${server.url}/`);
    // A new account: the operator's terms and minimum age are asked first (issue 41), then the registration.
    const terms = page.getByRole('alertdialog', { name: 'Registration' });
    await terms.getByText(/I am at least 18 years old and I accept/).waitFor({ timeout: 15_000 });
    await terms.getByRole('button', { name: 'Accept and continue' }).click();
    await page
      .locator('[role="dialog"] [data-auth-view="socialRegistration"]')
      .waitFor({ state: 'visible', timeout: 15_000 });
    const account = await accountOf(context);
    expect(account.uid).toBeGreaterThan(0);
    expect(account.login).toBe('tg424242');
    expect((await tg(page)).ready).toBe(1);
    expect(outside).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('takes the Telegram theme and wires its back button to the history', async () => {
    // Opened from a plain link: no initData, so no sign-in; the launch hash says Telegram.
    const { context, page, errors } = await telegramPage('');
    await page.goto(`${server.url}/#tgWebAppVersion=8.0&tgWebAppPlatform=ios`);
    await page.waitForFunction(() => (window as unknown as { __tg: { ready: number } }).__tg.ready === 1);
    // The theme is applied by the effect of the render that follows ready(): on a loaded machine, a frame later.
    await page
      .waitForFunction(() => document.documentElement.style.getPropertyValue('--bg') !== '', undefined, {
        timeout: 10_000,
      })
      .catch(() => undefined);
    const bg = await page.evaluate(() => document.documentElement.style.getPropertyValue('--bg'));
    expect(bg).toBe('#17212b');
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    expect((await tg(page)).backVisible).toBe(false);

    const target = await page.evaluate(() => {
      const link = [...document.querySelectorAll<HTMLAnchorElement>('main a[href^="/"]')].find(
        (a) => new URL(a.href).pathname !== '/',
      );
      link?.click();
      return link ? new URL(link.href).pathname : null;
    });
    expect(target).not.toBeNull();
    await page.waitForURL((url) => url.pathname === target);
    await page.waitForFunction(
      () => (window as unknown as { __tg: { backVisible: boolean } }).__tg.backVisible,
    );
    await page.evaluate(() => (window as unknown as { __tg: { clickBack: () => void } }).__tg.clickBack());
    await page.waitForURL((url) => url.pathname === '/');
    await page.waitForFunction(
      () => !(window as unknown as { __tg: { backVisible: boolean } }).__tg.backVisible,
    );
    expect((await accountOf(context)).uid).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows the game's full-screen toggle inside Telegram only (visibility 'telegram'), using Telegram's full screen", async () => {
    const game = `${server.url}/game/velvet_table_european_roulette`;
    const { context, page, errors } = await telegramPage('');
    await page.goto(`${game}#tgWebAppVersion=8.0&tgWebAppPlatform=android`);
    const toggle = page.getByTestId('fullscreen');
    await toggle.waitFor({ state: 'visible', timeout: 15_000 });
    await toggle.click();
    await page.locator('.gm-stage-app-full').waitFor({ state: 'visible' });
    expect(
      await page.evaluate(
        () => (window as unknown as { __tg: { fullscreenRequests: number } }).__tg.fullscreenRequests,
      ),
    ).toBe(1);
    expect(errors).toEqual([]);
    await context.close();

    const plain = await browser.newContext({ userAgent: USER_AGENT });
    const outside = await plain.newPage();
    await outside.goto(game);
    await outside.waitForLoadState('networkidle');
    await outside.locator('.gm-stage').waitFor({ state: 'visible' });
    expect(await outside.getByTestId('fullscreen').count()).toBe(0);
    await plain.close();
  });

  it('loads nothing of Telegram on a normal visit', async () => {
    const context = await browser.newContext({ userAgent: USER_AGENT });
    const page = await context.newPage();
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await page.goto(`${server.url}/`);
    await page.waitForLoadState('networkidle');
    expect(requests.filter((url) => /telegram/i.test(url))).toEqual([]);
    await context.close();
  });
});
