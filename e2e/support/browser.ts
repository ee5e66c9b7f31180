/** Debian's Chromium through playwright-core (never a downloaded browser), and the `login()` fixture. */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { ROOT } from './server.ts';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Headless Chromium announces itself as HeadlessChrome, which isbot counts as a bot (no error pages). */
export const USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

/** A phone's Chrome, for journeys at phone widths. */
export const MOBILE_USER_AGENT =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36';

export const launchBrowser = (): Promise<Browser> =>
  chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });

export const SCREENSHOTS = join(ROOT, 'e2e/screenshots');

export const screenshot = async (page: Page, name: string) => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
};

let counter = 0;

/** Registers a fresh player through the API inside the browser context, so its session cookie is set there. */
export const login = async (context: BrowserContext, baseUrl: string) => {
  counter += 1;
  const email = `player${Date.now()}${counter}@example.com`;
  const password = 'secret-pass-1';
  const response = await context.request.post(`${baseUrl}/api/auth.register?v=1&locale=en`, {
    form: {
      form_type: 'fast',
      is_fast: '1',
      email,
      password,
      password_confirmation: password,
      currency: 'USD',
      terms: '1',
    },
    headers: { origin: baseUrl },
  });
  const body = (await response.json()) as { error: unknown };
  if (body.error) throw new Error(`registration failed: ${JSON.stringify(body.error)}`);
  return { email, password };
};
