import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../test/test-app.ts';
import { auditLedger } from '../ledger/audit.ts';
import { queryRows } from '../ledger/sql.ts';
import { Activity, DAY_MS, daysArb } from './reconciliation-activity.ts';

let t: TTestApp;
let activity: Activity;
beforeAll(async () => {
  t = await createTestApp({ seed: 'reconciliation', env: { SPORTSBOOK_LIVE_DELAY_MS: '0' } });
  activity = new Activity(t);
  const started = Date.now();
  await activity.setUp();
  console.log('setup', Date.now() - started);
}, 120_000);
afterAll(() => t?.close());

describe('draft', () => {
  it('drives', async () => {
    const [days] = fc.sample(daysArb(3), { seed: 1, numRuns: 1 });
    const started = Date.now();
    const run = await activity.startRun(0, new Date('2026-11-23T00:00:00Z'));
    console.log('run start', Date.now() - started);
    for (const [d, ops] of days!.entries()) {
      await activity.startDay(run, d);
      await activity.runDay(run, d, ops);
      console.log('day', d, ops.length, Date.now() - started);
    }
    await activity.startDay(run, 3);
    await activity.endRun(run);
    console.log('end', Date.now() - started);
    const kinds = await queryRows(
      t.app.ctx.db,
      sql`select kind, count(*)::int as n, min(created_at)::text as first, max(created_at)::text as last from ledger_transactions group by kind order by kind`,
    );
    console.log(kinds);
    expect(await auditLedger(t.app.ctx.db)).toEqual([]);
    expect(DAY_MS).toBe(86_400_000);
  }, 300_000);
});
