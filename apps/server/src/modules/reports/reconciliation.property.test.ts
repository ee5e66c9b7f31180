import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../test/test-app.ts';
import { auditLedger } from '../ledger/audit.ts';
import { queryRows } from '../ledger/sql.ts';
import { Activity, DAY_MS, DAYS, daysArb } from './reconciliation-activity.ts';

const SEED = 20_261_123;
const RUNS = 3;
/** Each run has a week of its own, from this Monday on. */
const FIRST = new Date('2026-11-23T00:00:00Z');

let t: TTestApp;
let activity: Activity;
beforeAll(async () => {
  t = await createTestApp({ seed: 'reconciliation', env: { SPORTSBOOK_LIVE_DELAY_MS: '0' } });
  activity = new Activity(t);
  await activity.setUp();
}, 120_000);
afterAll(() => t?.close());

describe('draft', () => {
  it('drives', async () => {
    let n = 0;
    const started = Date.now();
    await fc.assert(
      fc.asyncProperty(daysArb, async (days) => {
        const first = new Date(FIRST.getTime() + n * 7 * DAY_MS);
        const run = await activity.startRun(n++, first);
        for (const [d, ops] of days.entries()) {
          await activity.startDay(run, d);
          await activity.runDay(run, d, ops);
        }
        await activity.startDay(run, DAYS);
        console.log('run', n, Date.now() - started);
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
    const kinds = await queryRows(
      t.app.ctx.db,
      sql`select kind, count(*)::int as n from ledger_transactions group by kind order by kind`,
    );
    console.log(kinds.map((k) => `${k.kind}:${k.n}`).join(' '));
    expect(await auditLedger(t.app.ctx.db)).toEqual([]);
  }, 300_000);
});
