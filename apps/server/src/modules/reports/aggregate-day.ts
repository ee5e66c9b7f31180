/**
 * Rebuilds days of report rows. Days go in runs of up to a month, each run in one repeatable-read transaction: the
 * players' balances at every boundary of the run measured in one pass over the ledger, then each day's inputs read
 * (day-inputs.ts), its rows made (day-rows.ts) and the day replaced as a whole, all in that one snapshot, so any day
 * can be recomputed and its balances, movements and open bets are of one instant.
 */
import { eq, sql } from 'drizzle-orm';
import type { TDb, TExecutor } from '../../platform/db/database.ts';
import { pgFailure, playerBalancesAt } from '../ledger/index.ts';
import { playerGroupsQuery } from '../players/index.ts';
import { DAY_RE, dayBounds, readDayInputs } from './day-inputs.ts';
import { buildDayRows } from './day-rows.ts';
import {
  reportBalances,
  reportDays,
  reportMovements,
  reportPlayerDays,
  reportRegistrations,
} from './schema.ts';

export { DAY_RE, dayBounds, dayOf } from './day-inputs.ts';

/** Days per snapshot: the balances pass reads the ledger from the run's first day on. */
const RUN_DAYS = 31;

const inChunks = async <T>(values: T[], insert: (chunk: T[]) => Promise<unknown>) => {
  for (let at = 0; at < values.length; at += 5000) await insert(values.slice(at, at + 5000));
};

/**
 * Rows as one JSON parameter the database unpacks (jsonb_to_recordset): a day's tens of thousands of rows bound as
 * parameters of a multi-row insert took seconds to build and send.
 */
const insertJson = (
  tx: TExecutor,
  table: string,
  columns: Record<string, string>,
  rows: Record<string, unknown>[],
) =>
  inChunks(rows, (chunk) => {
    const names = Object.keys(columns);
    const json = JSON.stringify(chunk, (_, v) => (typeof v === 'bigint' ? v.toString() : v));
    const types = names.map((n) => `${n} ${columns[n]}`).join(', ');
    return tx.execute(
      sql`insert into ${sql.identifier(table)} (${sql.raw(names.join(', '))})
          select ${sql.raw(names.join(', '))} from jsonb_to_recordset(${json}::jsonb) as x(${sql.raw(types)})`,
    );
  });

const PLAYER_DAY_COLUMNS = {
  day: 'date',
  player_id: 'bigint',
  product: 'text',
  game: 'text',
  provider: 'text',
  game_kind: 'text',
  country: 'text',
  currency: 'text',
  stakes: 'bigint',
  wins: 'bigint',
  rounds: 'int',
  return_sum: 'float8',
  return_sq_sum: 'float8',
  deposits: 'bigint',
  deposit_count: 'int',
  first_deposits: 'int',
  withdrawals: 'bigint',
  bonus_granted: 'bigint',
  bonus_converted: 'bigint',
  open_stakes: 'bigint',
  voided_stakes: 'bigint',
};
const MOVEMENT_COLUMNS = {
  day: 'date',
  currency: 'text',
  country: 'text',
  kind: 'text',
  detail: 'text',
  account: 'text',
  amount: 'bigint',
  count: 'int',
};
const snake = (row: object) =>
  Object.fromEntries(
    Object.entries(row).map(([k, v]) => [k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), v]),
  );

const writeDay = async (tx: TExecutor, day: string, rows: ReturnType<typeof buildDayRows>, now: Date) => {
  await tx.delete(reportPlayerDays).where(eq(reportPlayerDays.day, day));
  await tx.delete(reportRegistrations).where(eq(reportRegistrations.day, day));
  await tx.delete(reportMovements).where(eq(reportMovements.day, day));
  await tx.delete(reportBalances).where(eq(reportBalances.day, day));
  await tx.execute(sql`delete from report_daily where day = ${day}`);
  await insertJson(tx, 'report_player_days', PLAYER_DAY_COLUMNS, rows.players.map(snake));
  await insertJson(tx, 'report_movements', MOVEMENT_COLUMNS, rows.movements.map(snake));
  await inChunks(rows.balances, (chunk) => tx.insert(reportBalances).values(chunk));
  await tx.execute(sql`insert into report_daily (day, product, game, provider, game_kind, country, currency, stakes,
      wins, rounds, return_sum, return_sq_sum, deposits, deposit_count, first_deposits, withdrawals, bonus_granted,
      bonus_converted, open_stakes, voided_stakes)
    select day, product, game, max(provider), max(game_kind), country, currency, sum(stakes), sum(wins), sum(rounds),
      sum(return_sum), sum(return_sq_sum), sum(deposits), sum(deposit_count), sum(first_deposits), sum(withdrawals),
      sum(bonus_granted), sum(bonus_converted), sum(open_stakes), sum(voided_stakes)
    from report_player_days where day = ${day} group by day, currency, country, product, game`);
  await tx.execute(sql`select report_rebuild_active_players(${day}::date)`);
  await inChunks(rows.registrations, (chunk) => tx.insert(reportRegistrations).values(chunk));
  await tx
    .insert(reportDays)
    .values({ day, computedAt: now, reconciled: true })
    .onConflictDoUpdate({ target: reportDays.day, set: { computedAt: now, reconciled: true } });
};

const rebuildRun = (db: TDb, days: string[], now: Date) =>
  db.transaction(async (tx) => {
    await tx.execute(sql`set transaction isolation level repeatable read`);
    const instants = days.flatMap((day) => {
      const { from, to } = dayBounds(day);
      return [from, to];
    });
    const balances = await playerBalancesAt(tx, instants, playerGroupsQuery());
    let rows = 0;
    for (const [i, day] of days.entries()) {
      const ofDay = balances.map((b) => ({ ...b, at: [b.at[2 * i] ?? 0n, b.at[2 * i + 1] ?? 0n] }));
      const built = buildDayRows(await readDayInputs(tx, day, ofDay));
      await writeDay(tx, day, built, now);
      rows += built.players.length;
    }
    return rows;
  });

/** A concurrent rebuild of the same day (another instance's job, the back-office's recompute) is waited out once. */
const CONFLICTS = new Set(['40001', '40P01', '23505']);

/** Rebuilds these days (YYYY-MM-DD); answers the player rows written. */
export const recomputeReportDays = async (db: TDb, days: string[], now: Date) => {
  const sorted = [...new Set(days)].sort();
  for (const day of sorted) if (!DAY_RE.test(day)) throw new Error(`not a day: ${day}`);
  let rows = 0;
  for (let at = 0; at < sorted.length; at += RUN_DAYS) {
    const run = sorted.slice(at, at + RUN_DAYS);
    try {
      rows += await rebuildRun(db, run, now);
    } catch (error) {
      if (!CONFLICTS.has(pgFailure(error)?.code ?? '')) throw error;
      rows += await rebuildRun(db, run, now);
    }
  }
  return rows;
};

export const recomputeReportDay = async (db: TDb, day: string, now: Date) => {
  if (!DAY_RE.test(day)) throw new Error(`not a day: ${day}`);
  return { day, rows: await recomputeReportDays(db, [day], now) };
};

/** Every day from `from` to `to` (inclusive, YYYY-MM-DD). */
export const daysBetween = (from: string, to: string) => {
  const out: string[] = [];
  for (let at = Date.parse(`${from}T00:00:00Z`); at <= Date.parse(`${to}T00:00:00Z`); at += 86_400_000)
    out.push(new Date(at).toISOString().slice(0, 10));
  return out;
};
