/**
 * The jobs queue in the back-office (issue 39, docs/decisions/063): a job that failed its last attempt is listed
 * with its error on the Jobs page; an admin retries it, the page says it is queued again and it leaves the failed
 * list (the server runs it). Photographed at 1440 px before and after (e2e/screenshots/admin-jobs-*.png).
 */
import { execFileSync } from 'node:child_process';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackofficeJourney } from './support/backoffice-journey.ts';
import { screenshot } from './support/browser.ts';
import { signedInTab, type TOperatorLogin } from './support/operator.ts';
import { E2E_SECRETS, ROOT, type TServer } from './support/server.ts';

let server: TServer;
let browser: Browser;
let operator: TOperatorLogin;
let stop = async () => {};
/** When the failed job was written (40 minutes old then). */
let seededAt = 0;

/** A job that failed its fifth attempt 2 minutes ago, written into the data directory before the server starts. */
const SEED_FAILED_JOB = `
import { openDatabase } from './apps/server/src/platform/db/database.ts';
import { migrate } from './apps/server/src/platform/db/migrate.ts';
const database = await openDatabase({ dataDir: process.env.DATA_DIR });
await migrate(database);
await database.rawTransaction((raw) => raw.exec(\`
  insert into jobs (name, payload, status, attempts, max_attempts, last_error, created_at, run_at, finished_at)
  values ('sessions.purge', '{"by":"e2e"}', 'failed', 5, 5, 'connect ECONNREFUSED 10.0.0.7:5432',
    now() - interval '40 minutes', now() - interval '2 minutes', now() - interval '2 minutes')\`));
await database.close();
`;

beforeAll(async () => {
  ({ server, browser, operator, stop } = await startBackofficeJourney({
    dataDirPrefix: 'casino-jobs-e2e-',
    email: 'jobs-e2e@example.com',
    role: 'admin',
    beforeServer: (dataDir) => {
      const { DATABASE_URL: _db, ...env } = process.env;
      seededAt = Date.now();
      execFileSync(process.execPath, ['--input-type=module', '-e', SEED_FAILED_JOB], {
        cwd: ROOT,
        env: { ...env, ...E2E_SECRETS, DATA_DIR: dataDir },
      });
    },
  }));
}, 300_000);

afterAll(() => stop());

describe('the Jobs page of the back-office', () => {
  it('lists a failed job with its error and retries it', async () => {
    const { context, page } = await signedInTab(browser, server.url, operator);
    await page.getByRole('link', { name: 'Jobs' }).click();
    await page.getByRole('heading', { name: 'Jobs', level: 1 }).waitFor();
    const row = page.locator('tr[data-job]', { hasText: 'sessions.purge' });
    await expect(row.textContent()).resolves.toContain('connect ECONNREFUSED 10.0.0.7:5432');
    await expect(row.textContent()).resolves.toContain('5 of 5');
    const failed = await page
      .locator('tr[data-queue="sessions.purge"] td[data-state="failed"]')
      .textContent();
    // One failed, its age counted from its creation: 40 minutes when written, plus the server's start and the
    // sign-in since (over a minute on a loaded machine).
    const age = /^1oldest (\d+) min/.exec(failed ?? '');
    expect(age, failed ?? '').not.toBeNull();
    expect(Number(age?.[1])).toBeGreaterThanOrEqual(40);
    expect(Number(age?.[1])).toBeLessThanOrEqual(40 + Math.ceil((Date.now() - seededAt) / 60_000));
    await screenshot(page, 'admin-jobs-failed-1440');

    await row.getByRole('button', { name: /Retry job/ }).click();
    await page.getByText('The job is queued again').waitFor();
    await expect(page.locator('tr[data-job]', { hasText: 'sessions.purge' }).count()).resolves.toBe(0);
    await screenshot(page, 'admin-jobs-retried-1440');
    // The server's workers run it: the purge has a handler, so the job ends done (the page's CSP allows no fetch:
    // reload it).
    const done = page.locator('tr[data-queue="sessions.purge"] td[data-state="done"]');
    for (let i = 0; i < 40 && (await done.count()) === 0; i++) {
      await page.waitForTimeout(500);
      await page.reload();
    }
    await expect(done.count()).resolves.toBe(1);
    await context.close();
  }, 120_000);
});
