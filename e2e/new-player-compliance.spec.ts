/**
 * A new player's compliant sign-up and first minutes (issue 41), in English and Arabic at 375 and 1440 px: the full
 * registration form refuses an under-age birth date with its own message and takes the player once the date and
 * the terms box (18+ and the terms) are right; the dialogs registration queues show one at a time and the deposit
 * page comes after them (spec §4 Registration steps 4-5); a game page left idle gets the inactivity warning (spec §4,
 * the operator's time_to_force_logout shortened to 12 s for this server); a game tile whose art fails shows the
 * fallback image (spec §8). Screenshots: e2e/screenshots/new-player-compliance-*.png.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, MOBILE_USER_AGENT, screenshot, USER_AGENT } from './support/browser.ts';
import { E2E_SECRETS, freshDataDir, ROOT, startServer, type TServer } from './support/server.ts';

let server: TServer;
let browser: Browser;
let dataDir: string;
const errors: string[] = [];

/**
 * Forced logout after 24 s idle: the warning comes at 80% (19.2 s), spec §4. The 4.8 s between them hold the
 * screenshot and the click on a loaded machine (at 12 s, 2.4 s were too few under CI load: logged out first).
 */
const FORCE_LOGOUT_SECONDS = 24;
const GAME = 'moonmill_pharaohs_lantern';

beforeAll(async () => {
  dataDir = freshDataDir('casino-compliance-e2e-');
  const generalInfo = JSON.parse(readFileSync(join(ROOT, 'content/general-info.json'), 'utf8'));
  generalInfo.time_to_force_logout = FORCE_LOGOUT_SECONDS;
  const { DATABASE_URL: _db, ...env } = process.env;
  execFileSync(
    process.execPath,
    ['e2e/support/set-setting.ts', JSON.stringify({ 'general-info': generalInfo })],
    {
      cwd: ROOT,
      env: { ...env, ...E2E_SECRETS, DATA_DIR: dataDir },
      encoding: 'utf8',
    },
  );
  server = await startServer({ DATA_DIR: dataDir });
  browser = await launchBrowser();
}, 400_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const messages = (locale: string, file: string) =>
  JSON.parse(readFileSync(join(ROOT, `content/locales/${locale}/${file}.json`), 'utf8'));

const TEXTS = Object.fromEntries(
  ['en', 'ar'].map((locale) => {
    const common = messages(locale, 'common');
    const auth = messages(locale, 'auth');
    return [
      locale,
      {
        fullForm: String(auth.register.methodForm),
        underAge: String(common.validationErrors.underAge).replace('{min}', '18'),
        stillThere: String(common.inactivity.title),
        stay: String(common.inactivity.stay),
      },
    ];
  }),
) as Record<'en' | 'ar', { fullForm: string; underAge: string; stillThere: string; stay: string }>;

const dateYearsAgo = (years: number) => {
  const d = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(d.getUTCDate())}.${pad(d.getUTCMonth() + 1)}.${d.getUTCFullYear() - years}`;
};

const step = (name: string) => process.stdout.write(`new player (compliance): ${name}\n`);

const CASES = [
  { locale: 'en', width: 1440, height: 900 },
  { locale: 'ar', width: 375, height: 812 },
  { locale: 'en', width: 375, height: 812 },
  { locale: 'ar', width: 1440, height: 900 },
] as const;

describe('a new player, compliant sign-up and first minutes', () => {
  for (const { locale, width, height } of CASES) {
    it(`${locale} at ${width}: under-age refused, one dialog at a time, idle warning on a game, image fallback`, async () => {
      const texts = TEXTS[locale];
      const prefix = locale === 'en' ? '' : `/${locale}`;
      const name = `${locale}-${width}`;
      const context = await browser.newContext({
        userAgent: width < 768 ? MOBILE_USER_AGENT : USER_AGENT,
        viewport: { width, height },
      });
      const page = await context.newPage();
      page.on('pageerror', (error) => errors.push(`${name}: ${error.message}`));
      try {
        await register(page, { locale, prefix, name, texts });
        await oneDialogAtATime(page, { prefix, name });
        await idleOnGame(page, { prefix, name, texts });
        await brokenTileArt(page, { prefix, name });
      } finally {
        await context.close();
      }
      expect(errors).toEqual([]);
    }, 120_000);
  }
});

type TCase = { locale: 'en' | 'ar'; prefix: string; name: string; texts: (typeof TEXTS)['en'] };

const register = async (page: Page, { locale, prefix, name, texts }: TCase) => {
  step(`${name}: the full form refuses an under-age birth date`);
  await page.goto(`${server.url}${prefix}/?show_popup_reg=1`, { waitUntil: 'load' });
  const dialog = page.locator('[role="dialog"]:has([data-auth-view="registration"])');
  await dialog.waitFor();
  await expect(page.locator('html').getAttribute('dir')).resolves.toBe(locale === 'ar' ? 'rtl' : 'ltr');
  // The full form asks the date of birth (the popup may open on another method while the config loads).
  await dialog.getByRole('tab', { name: texts.fullForm, exact: true }).click();
  const form = dialog.locator('form');
  await form.locator('input[name="first_name"]').waitFor();
  await form.locator('input[name="email"]').fill(`compliance-${name}-${Date.now()}@example.com`);
  await form.locator('input[name="password"]').fill('secret-pass-1');
  await form.locator('select[name="country_code"]').selectOption('DE');
  await form.locator('input[name="first_name"]').fill('Jana');
  await form.locator('input[name="last_name"]').fill('Schmidt');
  const birthDate = form.locator('input[name="birth_date"]');
  // Typed as a player types: digits only, dotted as they go (spec §5 Date).
  await birthDate.pressSequentially(dateYearsAgo(10).replaceAll('.', ''));
  await expect(birthDate.inputValue()).resolves.toBe(dateYearsAgo(10));
  const terms =
    locale === 'en'
      ? dialog.getByRole('checkbox', { name: /I am at least 18 years old and I accept/ })
      : form.locator('input[name="terms"]');
  await terms.check();
  await form.locator('button[type="submit"]').click();
  const refusal = form.getByText(texts.underAge, { exact: true });
  await refusal.waitFor();
  await screenshot(page, `new-player-compliance-underage-${name}`);

  step(`${name}: an adult's birth date and the terms: registered`);
  await birthDate.fill(dateYearsAgo(30));
  await form.locator('button[type="submit"]').click();
  await dialog.waitFor({ state: 'detached', timeout: 20_000 });
};

/** Spec §4 Registration steps 4-5: the queued dialogs one at a time, then the deposit page. */
const oneDialogAtATime = async (page: Page, { prefix, name }: Pick<TCase, 'prefix' | 'name'>) => {
  step(`${name}: one dialog at a time, then the deposit page`);
  const deposit = `${prefix}/cashier/deposit`;
  const seen: string[] = [];
  const deadline = Date.now() + 30_000;
  while (new URL(page.url()).pathname !== deposit) {
    if (Date.now() > deadline) throw new Error(`no deposit page after registering (at ${page.url()})`);
    const dialogs = page.getByRole('dialog');
    const count = await dialogs.count();
    expect(count).toBeLessThanOrEqual(1);
    if (count === 1) {
      const title = (await dialogs.first().locator('h2').first().textContent()) ?? '';
      if (seen.length === 0) await screenshot(page, `new-player-compliance-first-dialog-${name}`);
      seen.push(title);
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').filter({ hasText: title }).waitFor({ state: 'detached' });
    } else await page.waitForTimeout(200);
  }
  // The demo operator asks for the e-mail confirmation first (registration config confirmEmailPopup).
  expect(seen.length).toBeGreaterThanOrEqual(1);
  await expect(page.getByRole('dialog').count()).resolves.toBe(0);
  expect(new URL(page.url()).searchParams.get('register')).toBe('success');
};

const idleOnGame = async (page: Page, { prefix, name, texts }: Omit<TCase, 'locale'>) => {
  step(`${name}: a game page left idle gets the inactivity warning`);
  // The page's clock runs at its own pace until the warning shows, then stands still for the screenshot and the
  // click: on a loaded machine those took longer than the countdown's last seconds.
  await page.clock.install();
  const started = Date.now();
  await page.goto(`${server.url}${prefix}/game/${GAME}`, { waitUntil: 'load' });
  const warning = page.getByRole('dialog').filter({ hasText: texts.stillThere });
  await warning.waitFor({ timeout: FORCE_LOGOUT_SECONDS * 1000 });
  // Not before 80% of the time (spec §4).
  expect(Date.now() - started).toBeGreaterThanOrEqual(FORCE_LOGOUT_SECONDS * 800 - 1500);
  await page.clock.pauseAt(await page.evaluate(() => Date.now()));
  await screenshot(page, `new-player-compliance-inactivity-${name}`);
  await warning.getByRole('button', { name: texts.stay }).click();
  await page.clock.resume();
  await warning.waitFor({ state: 'detached' });
};

const brokenTileArt = async (page: Page, { prefix, name }: Pick<TCase, 'prefix' | 'name'>) => {
  step(`${name}: a tile whose art fails shows the fallback image`);
  // Every tile's art (served through /_ipx/) fails; the fallback image itself is a plain file.
  await page.route(/\/_ipx\//, (route) => route.abort('failed'));
  await page.goto(`${server.url}${prefix}/gamehall`, { waitUntil: 'load' });
  const replaced = page.locator('.gm-tile-art img[data-fallback]').first();
  await replaced.waitFor({ timeout: 15_000 });
  await expect(replaced.getAttribute('src')).resolves.toBe('/images/fallback.svg');
  await expect
    .poll(() => replaced.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  await screenshot(page, `new-player-compliance-fallback-${name}`);
  await page.unroute(/\/_ipx\//);
};
