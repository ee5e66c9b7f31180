/**
 * The book's odds margin and stake limit per sport and per market (sb_book_limits, migration 1541), set on the
 * trading desk beside each player's stake factor. A market's row wins over its sport's (market 0); with neither,
 * the feed's prices are offered as they are and the book's own LIMITS hold.
 *
 * The margin is applied when a price is written (feed-apply.ts keeps the feed's price in `feed_odds` and the offered
 * one in `odds`), so the site, the desk and placement read the same odds; changing a margin reprices the open,
 * unsettled outcomes it covers in the same transaction. The stake limit comes with the book's rows (sb_book:
 * `max_stake`) and limits.ts applies it, scaled by the player's stake factor.
 */
import { sql } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/database.ts';
import { queryRows, toBigInt } from '../ledger/index.ts';

/** The highest margin the desk may set: 50% (5000 basis points). */
export const MAX_MARGIN_BP = 5000;

/** The offered price (thousandths) of a feed price under a margin in basis points: rounded down, never under 1.000. */
export const offeredOdds = (feedOdds: number, marginBp: number) =>
  marginBp <= 0 ? feedOdds : Math.max(1000, Math.floor((feedOdds * 10_000) / (10_000 + marginBp)));

/** The margin (basis points) on an event's market: the market's row, else its sport's, else 0. */
export const marginFor = async (tx: TExecutor, eventId: string, marketId: number) => {
  const [row] = await queryRows<{ bp: unknown }>(
    tx,
    sql`select l.margin_bp as bp from sb_events e
          join sb_book_limits l on l.sport = e.sport and l.market_id in (0, ${marketId}) and l.margin_bp is not null
         where e.id = ${eventId}
         order by l.market_id desc limit 1`,
  );
  return row ? Number(row.bp) : 0;
};

export interface TBookLimit {
  sport: string;
  marketId: number;
  marginBp: number | null;
  maxStake: bigint | null;
  updatedAt: Date;
}

export const listBookLimits = async (db: TExecutor): Promise<TBookLimit[]> =>
  (
    await queryRows<{
      sport: string;
      market_id: unknown;
      margin_bp: unknown;
      max_stake: unknown;
      updated_at: string | Date;
    }>(db, sql`select * from sb_book_limits order by sport, market_id`)
  ).map((r) => ({
    sport: r.sport,
    marketId: Number(r.market_id),
    marginBp: r.margin_bp === null ? null : Number(r.margin_bp),
    maxStake: r.max_stake === null ? null : toBigInt(r.max_stake),
    updatedAt: new Date(r.updated_at),
  }));

/**
 * Sets (or, both values null, removes) the row of a sport or one of its markets, and reprices the open,
 * unsettled outcomes of that sport's events from their feed prices under the margins now in force. Answers the
 * row it replaced (null: none) and how many outcomes were repriced.
 */
export const setBookLimit = async (
  tx: TExecutor,
  input: { sport: string; marketId: number; marginBp: number | null; maxStake: bigint | null },
  now: Date,
) => {
  const [before] = (await listBookLimits(tx)).filter(
    (l) => l.sport === input.sport && l.marketId === input.marketId,
  );
  if (input.marginBp === null && input.maxStake === null)
    await tx.execute(
      sql`delete from sb_book_limits where sport = ${input.sport} and market_id = ${input.marketId}`,
    );
  else
    await tx.execute(sql`insert into sb_book_limits (sport, market_id, margin_bp, max_stake, updated_at)
      values (${input.sport}, ${input.marketId}, ${input.marginBp}, ${input.maxStake}, ${now})
      on conflict (sport, market_id) do update set margin_bp = excluded.margin_bp, max_stake = excluded.max_stake,
        updated_at = excluded.updated_at`);
  const repriced = await queryRows(
    tx,
    sql`update sb_outcomes o
           set odds = greatest(1000, (o.feed_odds::bigint * 10000 / (10000 + coalesce(
                 (select l.margin_bp from sb_book_limits l
                   where l.sport = e.sport and l.market_id in (0, o.market_id) and l.margin_bp is not null
                   order by l.market_id desc limit 1), 0)))::integer)
          from sb_events e
         where e.id = o.event_id and e.sport = ${input.sport}
           and e.status in ('not_started', 'live', 'suspended')
           and o.feed_odds is not null and o.result is null and o.void_halves is null
           ${input.marketId > 0 ? sql`and o.market_id = ${input.marketId}` : sql``}
        returning 1 as n`,
  );
  return { before: before ?? null, repriced: repriced.length };
};
