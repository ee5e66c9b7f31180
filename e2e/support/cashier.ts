/**
 * Helpers of the cashier journeys: a scratch PostgreSQL database for the server (so that the test can create
 * a back-office operator in it, as an operator's own set-up would), the admin sign-in. The sandbox card payment
 * is `sandbox-card.ts`.
 */

import pg from 'pg';
import type { Page } from 'playwright-core';
import { createOperator } from '../../apps/server/src/modules/backoffice/operators.ts';
import { loadConfig } from '../../apps/server/src/platform/config.ts';
import { openDatabase, type TDatabase } from '../../apps/server/src/platform/db/database.ts';
import { cryptoRandom } from '../../apps/server/src/platform/providers.ts';
import { totpSecretBox } from '../../apps/server/src/platform/secret-box.ts';
import { totpCode } from '../../apps/server/src/platform/totp.ts';

/** The local PostgreSQL the server tests use; E2E_PG_URL overrides it. */
export const PG_ADMIN_URL = process.env.E2E_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export const createScratchDatabase = async () => {
  const name = `casino_e2e_cashier_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: PG_ADMIN_URL });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
};

/** Marks the player's e-mail confirmed, as the code the profile screens send would. */
export const confirmContact = async (databaseUrl: string, email: string) => {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query('update player_contacts set is_confirmed = true where lower(value) = lower($1)', [
    email,
  ]);
  await client.end();
};

export const openScratch = (databaseUrl: string): Promise<TDatabase> =>
  openDatabase({ databaseUrl, dataDir: '' });

export const OPERATOR = {
  email: 'finance@casino.test',
  password: 'finance-operator-password',
  totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  role: 'finance' as const,
};

/** The TOTP key of the cashier journey's production server (production on PostgreSQL refuses the dev key). */
export const E2E_TOTP_KEY = `e2e:${Buffer.alloc(32, 'e2e-totp').toString('base64')}`;

export const createFinanceOperator = (database: TDatabase) =>
  // Sealed with the key the journey's server reads, as the operator CLI would.
  createOperator(
    database.db,
    cryptoRandom,
    totpSecretBox(loadConfig({ TOTP_ENCRYPTION_KEY: E2E_TOTP_KEY })),
    {
      ...OPERATOR,
      name: 'Finance operator',
    },
  );

/** Signs in at /admin: password, then the TOTP enrolment step with the code of the operator's key. */
export const signInOperator = async (page: Page, baseUrl: string) => {
  await page.goto(`${baseUrl}/admin/login`);
  await page.locator('#email').fill(OPERATOR.email);
  await page.locator('#password').fill(OPERATOR.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL(/\/admin\/(enrol|login\/code)/);
  await page.locator('input[name="code"]').fill(totpCode(OPERATOR.totpSecret, new Date()));
  await page
    .locator('form[action="/admin/enrol"], form[action="/admin/login/code"]')
    .getByRole('button')
    .click();
  // Signed in: the operator lands on the first section their role may open.
  await page.waitForURL((url) => url.pathname.startsWith('/admin') && !/\/(login|enrol)/.test(url.pathname));
};
