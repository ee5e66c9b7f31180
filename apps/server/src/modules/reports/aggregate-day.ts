/**
 * Rebuilds one day's report rows: its inputs read in one snapshot (day-inputs.ts), its rows made (day-rows.ts),
 * and the day replaced as a whole in one transaction, so any day can be recomputed.
 */
import { eq, sql } from 'drizzle-orm';
import type { TDb } from '../../platform/db/database.ts';
import { DAY_RE, readDayInputs } from './day-inputs.ts';
import { buildDayRows } from './day-rows.ts';
import {
  reportBalances,
  reportDays,
  reportMovements,
  reportPlayerDays,
  reportRegistrations,
} from './schema.ts';

export { DAY_RE, dayBounds, dayOf } from './day-inputs.ts';

const inChunks = async <T>(values: T[], insert: (chunk: T[]) => Promise<unknown>) => {
  for (let at = 0; at < values.length; at += 1000) await insert(values.slice(at, at + 1000));
};

export const recomputeReportDay = async (db: TDb, day: string, now: Date) => {
  if (!DAY_RE.test(day)) throw new Error(`not a day: ${day}`);
  const rows = buildDayRows(await readDayInputs(db, day));
  await db.transaction(async (tx) => {
    await tx.delete(reportPlayerDays).where(eq(reportPlayerDays.day, day));
    await tx.delete(reportRegistrations).where(eq(reportRegistrations.day, day));
    await tx.delete(reportMovements).where(eq(reportMovements.day, day));
    await tx.delete(reportBalances).where(eq(reportBalances.day, day));
    await tx.execute(sql`delete from report_daily where day = ${day}`);
    await inChunks(rows.players, (chunk) => tx.insert(reportPlayerDays).values(chunk));
    await inChunks(rows.movements, (chunk) => tx.insert(reportMovements).values(chunk));
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
  });
  return { day, rows: rows.players.length };
};
