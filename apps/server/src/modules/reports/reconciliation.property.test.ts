/**
 * Property: whatever players, operators, the sportsbook feed and the jobs do over a few days (every kind of money
 * movement the ledger knows, reconciliation-activity.ts), the operator's report reconciles the players' balances.
 * In /admin/reports/export.csv, one row a day: every day's difference is 0.00, each day closes where the next
 * opens, and the last day closes at the sum of every player's balances read from the ledger. And the report has a
 * classified line for every kind of movement that happened, each equal to that kind's entries on the players'
 * accounts in the ledger.
 */
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../test/test-app.ts';
import { auditLedger } from '../ledger/audit.ts';
import { getBalances } from '../ledger/balances.ts';
import { queryRows, toBigInt } from '../ledger/sql.ts';
import { isClassified, MOVEMENT_KINDS } from './movement-lines.ts';
import { Activity } from './reconciliation-test-helpers/activity.ts';
import { DAY_MS, DAYS, daysArb } from './reconciliation-test-helpers/days.ts';
import type { TRun } from './reconciliation-test-helpers/run.ts';
import { reportFigures } from './report-queries.ts';

/** Fixed, so a failure replays; fast-check prints the seed and the failing run's operations. */
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

const dayOf = (at: Date) => at.toISOString().slice(0, 10);
/** "12.34" / "-0.05" → cents, exactly. */
const cents = (major: string | undefined) => {
  const match = /^(-?)(\d+)\.(\d{2})$/.exec(major ?? '');
  if (!match) throw new Error(`not an amount: ${major}`);
  return (match[1] ? -1n : 1n) * (BigInt(match[2] ?? 0) * 100n + BigInt(match[3] ?? 0));
};

/** What moved in the ledger from `from` until `to`: per kind, the sum on the players' accounts (demo money apart). */
const ledgerKinds = async (from: Date, to: Date) => {
  const rows = await queryRows<{ kind: string; players: string }>(
    t.app.ctx.db,
    // A line's kind: its own (a bet's jackpot contribution, docs/decisions/070), else its transaction's.
    sql`select coalesce(e.kind, t.kind) as kind,
               coalesce(sum(e.amount) filter (where a.player_id is not null and a.kind <> 'fun'), 0)::text as players
          from ledger_transactions t
          join ledger_entries e on e.transaction_id = t.id
          join ledger_accounts a on a.id = e.account_id
         where t.created_at >= ${from} and t.created_at < ${to}
         group by 1`,
  );
  return new Map(rows.map((r) => [r.kind, toBigInt(r.players)]));
};

/** Every player's balances now, from the ledger (demo money apart): the report's players' balances. */
const everyPlayersBalances = async () => {
  const players = await queryRows<{ id: string }>(
    t.app.ctx.db,
    sql`select id::text as id from players where currency = 'USD'`,
  );
  const byId = (a: number, b: number) => a - b;
  expect(players.map((p) => Number(p.id)).sort(byId), 'no player but the runs’').toEqual(
    [...activity.playerIds].sort(byId),
  );
  let sum = 0n;
  for (const { id } of players) {
    const b = await getBalances(t.app.ctx.db, Number(id));
    sum += b.main + b.bonus + b.betting_bonus;
  }
  return sum;
};

/** The newest ledger transaction's id. */
const lastTransaction = async () =>
  Number(
    (
      await queryRows<{ id: string | null }>(
        t.app.ctx.db,
        sql`select max(id)::text as id from ledger_transactions`,
      )
    )[0]?.id ?? 0,
  );

/** Transactions posted after `afterId` whose time is outside [from, to): a movement not on the app's clock. */
const postedOutside = (afterId: number, from: Date, to: Date) =>
  queryRows<{ kind: string; created_at: string }>(
    t.app.ctx.db,
    sql`select kind, created_at::text from ledger_transactions
         where id > ${afterId} and (created_at < ${from} or created_at >= ${to}) order by id`,
  );

const checkRun = async (run: TRun, afterId: number) => {
  const end = new Date(run.first.getTime() + (DAYS + 1) * DAY_MS);
  expect(await postedOutside(afterId, run.first, end), 'every movement at its time').toEqual([]);
  const days = Array.from({ length: DAYS + 1 }, (_, d) => dayOf(new Date(run.first.getTime() + d * DAY_MS)));
  for (const day of days) await activity.recompute(day);
  const from = days[0] ?? '';
  const to = days.at(-1) ?? '';
  const rows = (await activity.exportDays(from, to)).filter((r) => r.period !== 'total');
  expect(rows.map((r) => r.period)).toEqual(days);
  for (const row of rows) expect(row.difference, `${row.period}: difference`).toBe('0.00');
  for (const [i, row] of rows.slice(1).entries())
    expect(row.player_balances_open, `${row.period} opens where ${rows[i]?.period} closed`).toBe(
      rows[i]?.player_balances_close,
    );
  expect(cents(rows.at(-1)?.player_balances_close), 'the last day closes at every balance').toBe(
    await everyPlayersBalances(),
  );

  // Every kind that moved has its classified line; the players' lines equal the ledger's entries kind by kind.
  const moved = await ledgerKinds(run.first, end);
  const { total } = await reportFigures(t.app.ctx.db, { from, to, period: 'day', currency: 'USD' });
  const lines = [...total.balances.lines, ...total.balances.house];
  expect(lines.filter((l) => l.group === 'other').map((l) => l.key)).toEqual([]);
  const reported = new Map<string, bigint>();
  for (const l of total.balances.lines) reported.set(l.kind, (reported.get(l.kind) ?? 0n) + l.total);
  for (const [kind, players] of moved) {
    expect(isClassified(kind), `${kind}: classified`).toBe(true);
    // House money only (a paid withdrawal, a jackpot's contribution or seed) is in no player's balance.
    if (MOVEMENT_KINDS[kind]?.notPlayerMoney) expect(players, `${kind}: no player money`).toBe(0n);
    else expect(reported.get(kind), `${kind}: its line`).toBe(players);
  }
  // Withdrawals paid and jackpot contributions are shown beside the players' lines.
  const apart = new Set(total.balances.house.map((l) => l.kind));
  for (const kind of ['withdrawal.approved', 'jackpot.contribution'])
    if (moved.has(kind)) expect(apart.has(kind), `${kind}: shown apart`).toBe(true);
  return new Set(moved.keys());
};

describe('the players’ balances reconcile in the report (property)', () => {
  it('every day: opening + movements = closing, days chain, the last closes at the ledger’s balances', async () => {
    let n = 0;
    const kinds = new Set<string>();
    await fc.assert(
      fc.asyncProperty(daysArb, async (days) => {
        const afterId = await lastTransaction();
        const run = await activity.startRun(n, new Date(FIRST.getTime() + n * 7 * DAY_MS));
        n += 1;
        for (const [d, ops] of days.entries()) {
          await activity.startDay(run, d);
          await activity.runDay(run, d, ops);
        }
        // The next morning's jobs: yesterday's cashbacks, the tournament that ended.
        await activity.startDay(run, DAYS);
        for (const kind of await checkRun(run, afterId)) kinds.add(kind);
      }),
      // A run moves the clock and leaves its players behind: a failure is reported as found, not shrunk.
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
    // The tours make every kind of movement happen.
    expect([...kinds].sort()).toEqual(
      expect.arrayContaining([
        'adjustment.credit',
        'adjustment.debit',
        'bonus.convert',
        'bonus.forfeit',
        'bonus.free_bet_stake',
        'bonus.grant',
        'bonus.pause',
        'cashback.payout',
        'deposit',
        'game.bet',
        'game.rollback',
        'game.win',
        'jackpot.contribution',
        'jackpot.payout',
        'loyalty.reward',
        'sportsbook.debt_repayment',
        'sportsbook.unsettle',
        'tournament.entry',
        'tournament.prize',
        'tournament.refund',
        'withdrawal.approved',
        'withdrawal.cancelled',
        'withdrawal.declined',
        'withdrawal.hold',
      ]),
    );
    expect(await auditLedger(t.app.ctx.db)).toEqual([]);
  }, 300_000);
});
