/**
 * The desk's bet list: bets by id, player, event, sport, status and placing date (any combination), newest first,
 * a page at a time or all of them for the CSV (at most EXPORT_LIMIT), each with its player's login (through the
 * players' front door) and its legs named as the desk reads them: the event by its competitors, the market and
 * outcome in the desk's language from the feed's market descriptions (market-names.ts). Money is in cents, in the
 * player's currency.
 */
import type { Cents } from '@casino/contracts';
import { sql } from 'drizzle-orm';
import type { TExecutor } from '../../../platform/db/database.ts';
import { queryRows, toBigInt } from '../../ledger/index.ts';
import { loginsByIds } from '../../players/index.ts';
import { eventName, marketName, namingOf, outcomeName } from '../market-names.ts';
import { ADMIN_PAGE_SIZE } from './event-queries.ts';

export const BET_STATUSES = ['open', 'won', 'lost', 'void', 'cashed_out', 'cancelled'] as const;

/** The most rows one CSV export holds. */
export const EXPORT_LIMIT = 10_000;

/** The desk's language: market and outcome names in it (the back-office is in English). */
const DESK_LOCALE = 'en';

export interface TAdminLeg {
  eventId: string;
  eventName: string;
  sport: string;
  marketId: number;
  marketName: string;
  specifiers: string;
  outcomeId: string;
  outcomeName: string;
  odds: number;
  cancelled: boolean;
  result: number | null;
  voidHalves: number | null;
}

export interface TAdminBet {
  id: number;
  playerId: number;
  /** The player's login ('' when the players' module no longer knows the id). */
  playerName: string;
  currency: string;
  type: string;
  systemName: string | null;
  lines: number;
  stake: Cents;
  totalStake: Cents;
  potentialPayout: Cents;
  payout: Cents;
  status: string;
  isLive: boolean;
  placedAt: Date;
  settledAt: Date | null;
  legs: TAdminLeg[];
}

export interface TBetFilter {
  betId?: number;
  playerId?: number;
  eventId?: string;
  sport?: string;
  status?: string;
  /** Placed at or after (inclusive) / before (exclusive). */
  from?: Date;
  to?: Date;
}

type TBetRow = {
  id: unknown;
  player_id: unknown;
  type: string;
  system_name: string | null;
  system_size: number | null;
  lines: number;
  stake: unknown;
  total_stake: unknown;
  potential_payout: unknown;
  payout: unknown;
  status: string;
  is_live: boolean;
  placed_at: string | Date;
  settled_at: string | Date | null;
  currency: string;
};

type TLegRow = {
  bet_id: unknown;
  event_id: string;
  competitors: { name: string }[] | string | null;
  sport: string | null;
  market_id: number;
  specifiers: string;
  outcome_id: string;
  odds: number;
  cancelled: boolean;
  result: number | null;
  void_halves: number | null;
};

const legsOf = async (db: TExecutor, ids: number[]) =>
  ids.length === 0
    ? []
    : queryRows<TLegRow>(
        db,
        sql`select l.bet_id, l.event_id, e.competitors, e.sport, l.market_id, l.specifiers, l.outcome_id, l.odds,
                   l.cancelled, o.result, o.void_halves
              from sb_bet_legs l
              left join sb_events e on e.id = l.event_id
              left join sb_outcomes o on o.event_id = l.event_id and o.market_id = l.market_id
                   and o.specifiers = l.specifiers and o.outcome_id = l.outcome_id
             where l.bet_id in (${sql.join(
               ids.map((id) => sql`${id}`),
               sql`, `,
             )})
             order by l.bet_id, l.leg`,
      );

const namedLeg = (l: TLegRow): TAdminLeg => {
  const competitors = (typeof l.competitors === 'string' ? JSON.parse(l.competitors) : l.competitors) ?? [];
  const naming = namingOf(competitors, l.specifiers, DESK_LOCALE);
  const marketId = Number(l.market_id);
  return {
    eventId: l.event_id,
    eventName: eventName(competitors) || l.event_id,
    sport: l.sport ?? '',
    marketId,
    marketName: marketName(marketId, naming),
    specifiers: l.specifiers,
    outcomeId: l.outcome_id,
    outcomeName: outcomeName(marketId, l.outcome_id, naming),
    odds: Number(l.odds),
    cancelled: l.cancelled === true,
    result: l.result === null ? null : Number(l.result),
    voidHalves: l.void_halves === null ? null : Number(l.void_halves),
  };
};

/** Bets matching the filter, newest first: page `page` (ADMIN_PAGE_SIZE) or, `all`, up to EXPORT_LIMIT. */
export const searchBets = async (db: TExecutor, filter: TBetFilter, page = 0, all = false) => {
  const size = all ? EXPORT_LIMIT : ADMIN_PAGE_SIZE;
  const rows = await queryRows<TBetRow>(
    db,
    sql`select b.id, b.player_id, p.currency, b.type, b.system_name, b.system_size, b.lines, b.stake, b.total_stake,
               b.potential_payout, b.payout, b.status, b.is_live, b.placed_at, b.settled_at
          from sb_bets b join players_summary_v p on p.id = b.player_id
         where true
           ${filter.betId ? sql`and b.id = ${filter.betId}` : sql``}
           ${filter.playerId ? sql`and b.player_id = ${filter.playerId}` : sql``}
           ${filter.status ? sql`and b.status = ${filter.status}` : sql``}
           ${filter.from ? sql`and b.placed_at >= ${filter.from}` : sql``}
           ${filter.to ? sql`and b.placed_at < ${filter.to}` : sql``}
           ${filter.eventId ? sql`and exists (select 1 from sb_bet_legs l where l.bet_id = b.id and l.event_id = ${filter.eventId})` : sql``}
           ${filter.sport ? sql`and exists (select 1 from sb_bet_legs l join sb_events e on e.id = l.event_id where l.bet_id = b.id and e.sport = ${filter.sport})` : sql``}
         order by b.id desc limit ${size + 1} offset ${all ? 0 : page * size}`,
  );
  const bets = rows.slice(0, size);
  const ids = bets.map((b) => Number(b.id));
  const legs = (await legsOf(db, ids)).map((l) => ({ betId: Number(l.bet_id), leg: namedLeg(l) }));
  const logins = await loginsByIds(
    db,
    bets.map((b) => Number(b.player_id)),
  );
  return {
    bets: bets.map((b): TAdminBet => {
      const mine = legs.filter((l) => l.betId === Number(b.id)).map((l) => l.leg);
      return {
        id: Number(b.id),
        playerId: Number(b.player_id),
        playerName: logins.get(Number(b.player_id)) ?? '',
        currency: b.currency,
        type: b.type,
        systemName: b.system_name ?? (b.system_size ? `${b.system_size} of ${mine.length}` : null),
        lines: Number(b.lines),
        stake: toBigInt(b.stake),
        totalStake: toBigInt(b.total_stake),
        potentialPayout: toBigInt(b.potential_payout),
        payout: toBigInt(b.payout),
        status: b.status,
        isLive: b.is_live === true,
        placedAt: new Date(b.placed_at),
        settledAt: b.settled_at === null ? null : new Date(b.settled_at),
        legs: mine,
      };
    }),
    hasMore: rows.length > size,
  };
};
