/** An operator for the back-office journeys: made with the CLI (`admin:create`) in a data directory, and TOTP. */
import { execFileSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { USER_AGENT } from './browser.ts';
import { E2E_SECRETS, ROOT } from './server.ts';

export interface TOperatorLogin {
  email: string;
  password: string;
  secret: string;
}

export interface TCreatedOperator extends TOperatorLogin {
  /** What `admin:create` printed: the key, and its otpauth URI for an authenticator app. */
  printed: string;
}

/** Creates the operator in `dataDir` (the server started on that directory then knows it). */
export const createOperator = (dataDir: string, email: string, role: string): TCreatedOperator => {
  const password = 'e2e-operator-password';
  const { DATABASE_URL: _db, ...env } = process.env;
  const printed = execFileSync(
    process.execPath,
    [
      'apps/server/src/modules/backoffice/cli.ts',
      'create',
      '--email',
      email,
      '--role',
      role,
      '--password',
      password,
    ],
    { cwd: ROOT, env: { ...env, ...E2E_SECRETS, DATA_DIR: dataDir }, encoding: 'utf8' },
  );
  const secret = /totp_secret: ([A-Z2-7]+)/.exec(printed)?.[1] ?? '';
  if (!secret) throw new Error(`admin:create printed no key:\n${printed}`);
  return { email, password, secret, printed };
};

/** RFC 6238 (SHA-1, 6 digits, 30 s) from a base32 key, as an authenticator app computes it. */
export const totp = (base32: string, at = Date.now()) => {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const c of base32.replace(/=+$/, '')) bits += alphabet.indexOf(c).toString(2).padStart(5, '0');
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((b) => Number.parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / 30)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
};

/** The first sign-in through the pages: password, then enrolment with the authenticator's code. */
export const signInFirstTime = async (page: Page, baseUrl: string, operator: TOperatorLogin) => {
  await page.goto(`${baseUrl}/admin/login`);
  await page.getByLabel('E-mail').fill(operator.email);
  await page.getByLabel('Password').fill(operator.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('heading', { name: 'Set up two-factor sign-in' }).waitFor();
  await page.getByLabel(/6-digit code/).fill(totp(operator.secret));
  await page.getByRole('button', { name: 'Confirm and sign in' }).click();
  await page.waitForURL((url) => !/\/admin\/(login|enrol)/.test(url.pathname));
};

/** A new tab at 1440 px signed in as `operator` for the first time; the page errors it meets go to `errors`. */
export const signedInTab = async (
  browser: Browser,
  baseUrl: string,
  operator: TOperatorLogin,
  errors?: string[],
) => {
  const context = await browser.newContext({ userAgent: USER_AGENT, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  if (errors) page.on('pageerror', (error) => errors.push(error.message));
  await signInFirstTime(page, baseUrl, operator);
  return { context, page };
};
