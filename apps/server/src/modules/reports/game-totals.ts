/**
 * Per game and currency, the rounds, stakes and wins of complete days from the daily aggregates (the back-office's
 * games pages, docs/decisions/027). A day counts as complete once it was aggregated after it ended; the caller reads
 * the other days (today, a day not aggregated yet) from the rounds.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type TExecutor } from '../../platform/db/database.ts';
import { toBigInt } from '../ledger/index.ts';

export interface TGameTotal {
  game: string;
  currency: string;
  rounds: number;
  stakes: bigint;
  wins: bigint;
}

/** `from` and `to` are days (YYYY-MM-DD, inclusive); answers the complete days found and their totals. */
export const completeDayTotals = async (
  db: TExecutor,
  from: string,
  to: string,
  games: string[] = [],
): Promise<{ days: string[]; totals: TGameTotal[] }> => {
  const done = await queryRows<{ day: string }>(
    db,
    sql`select to_char(day, 'YYYY-MM-DD') as day from report_days
        where day >= ${from}::date and day <= ${to}::date and computed_at >= day + interval '1 day' order by day`,
  );
  const days = done.map((d) => d.day);
  if (days.length === 0) return { days, totals: [] };
  const rows = await queryRows<{
    game: string;
    currency: string;
    rounds: unknown;
    stakes: unknown;
    wins: unknown;
  }>(
    db,
    sql`select game, currency, sum(rounds)::bigint as rounds, sum(stakes)::text as stakes, sum(wins)::text as wins
        from report_daily
        where day in (select jsonb_array_elements_text(${JSON.stringify(days)}::jsonb)::date) and game <> ''
          and product = 'casino'
          ${games.length > 0 ? sql`and game in (select jsonb_array_elements_text(${JSON.stringify(games)}::jsonb))` : sql``}
        group by game, currency`,
  );
  return {
    days,
    totals: rows.map((r) => ({
      game: r.game,
      currency: r.currency,
      rounds: Number(r.rounds),
      stakes: toBigInt(r.stakes),
      wins: toBigInt(r.wins),
    })),
  };
};
