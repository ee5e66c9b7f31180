/**
 * What the back-office reads of the book's events: events with their open bets and worst-case liability, and one
 * event's markets with the liability of each outcome (what the open bets on it would pay if it won). Money is in
 * cents (sums over an event add every player's cents, as the site runs in one currency); odds in thousandths as
 * stored. Bets, debts and a player's limits: bet-queries.ts.
 */
import type { Cents } from '@casino/contracts';
import { sql } from 'drizzle-orm';
import type { TExecutor } from '../../../platform/db/database.ts';
import { queryRows, toBigInt } from '../../ledger/index.ts';
import { eventName, marketName, namingOf, outcomeName } from '../market-names.ts';

export const ADMIN_PAGE_SIZE = 50;
export const EVENT_FILTERS = ['open', 'live', 'prematch', 'ended', 'all'] as const;
export type TEventFilter = (typeof EVENT_FILTERS)[number];

type TCompetitors = { id: string; name: string }[];
const parse = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

const EVENT_WHERE: Record<TEventFilter, ReturnType<typeof sql>> = {
  open: sql`e.status in ('not_started', 'live', 'suspended')`,
  live: sql`e.status in ('live', 'suspended')`,
  prematch: sql`e.status = 'not_started'`,
  ended: sql`e.status in ('ended', 'closed', 'cancelled')`,
  all: sql`true`,
};

export interface TAdminEvent {
  id: string;
  name: string;
  sport: string;
  tournament: string;
  startTime: Date;
  status: string;
  score: { home: number; away: number } | null;
  openBets: number;
  openStake: Cents;
  /** The largest liability of any one outcome of the event. */
  maxLiability: Cents;
  activeMarkets: number;
  suspendedMarkets: number;
}

/**
 * Events by status, sport and text (id or a competitor's name), live first (newest first once ended), or the
 * largest liability first.
 */
export const listAdminEvents = async (
  db: TExecutor,
  input: { filter: TEventFilter; sport?: string; q?: string; byLiability?: boolean; page: number },
) => {
  const like = input.q ? `%${input.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const rows = await queryRows<{
    id: string;
    sport: string;
    tournament: string;
    competitors: TCompetitors | string;
    start_time: string | Date;
    status: string;
    score: { home: number; away: number } | string | null;
    open_bets: unknown;
    open_stake: unknown;
    max_liability: unknown;
    active_markets: unknown;
    suspended_markets: unknown;
  }>(
    db,
    sql`select e.id, e.sport, e.tournament, e.competitors, e.start_time, e.status, e.score,
          (select count(*) from sb_bets b where b.status = 'open'
              and exists (select 1 from sb_bet_legs l where l.bet_id = b.id and l.event_id = e.id)) as open_bets,
          (select coalesce(sum(b.total_stake), 0) from sb_bets b where b.status = 'open'
              and exists (select 1 from sb_bet_legs l where l.bet_id = b.id and l.event_id = e.id)) as open_stake,
          (select coalesce(max(x.liability), 0) from (
              select sum(b.potential_payout) as liability from sb_bet_legs l join sb_bets b on b.id = l.bet_id
               where l.event_id = e.id and b.status = 'open'
               group by l.market_id, l.specifiers, l.outcome_id) x) as max_liability,
          (select count(*) from sb_markets m where m.event_id = e.id and m.status = 1
              and not m.watchdog_suspended) as active_markets,
          (select count(*) from sb_markets m where m.event_id = e.id
              and (m.status = -1 or (m.status = 1 and m.watchdog_suspended))) as suspended_markets
        from sb_events e
        where ${EVENT_WHERE[input.filter]}
          ${input.sport ? sql`and e.sport = ${input.sport}` : sql``}
          ${like ? sql`and (lower(e.id) like ${like} or lower(e.competitors::text) like ${like})` : sql``}
        order by ${input.byLiability ? sql`max_liability desc, ` : sql``}${input.filter === 'ended' ? sql`e.start_time desc` : sql`(e.status = 'not_started'), e.start_time`}, e.id
        limit ${ADMIN_PAGE_SIZE + 1} offset ${input.page * ADMIN_PAGE_SIZE}`,
  );
  const events: TAdminEvent[] = rows.slice(0, ADMIN_PAGE_SIZE).map((r) => ({
    id: r.id,
    name: eventName(parse(r.competitors)),
    sport: r.sport,
    tournament: r.tournament,
    startTime: new Date(r.start_time),
    status: r.status,
    score: r.score === null ? null : parse(r.score),
    openBets: Number(r.open_bets),
    openStake: toBigInt(r.open_stake),
    maxLiability: toBigInt(r.max_liability),
    activeMarkets: Number(r.active_markets),
    suspendedMarkets: Number(r.suspended_markets),
  }));
  return { events, hasMore: rows.length > ADMIN_PAGE_SIZE };
};

export const listSportKeys = async (db: TExecutor) =>
  (await queryRows<{ sport: string }>(db, sql`select distinct sport from sb_events order by sport`)).map(
    (r) => r.sport,
  );

export interface TAdminOutcome {
  id: string;
  name: string;
  odds: number;
  active: boolean;
  result: number | null;
  voidHalves: number | null;
  deadHeat: string | null;
  bets: number;
  liability: Cents;
}

export interface TAdminMarket {
  id: number;
  specifiers: string;
  name: string;
  /** 1 active, -1 suspended, 0 deactivated or settled. */
  status: number;
  watchdogSuspended: boolean;
  outcomes: TAdminOutcome[];
}

/** One event with every market (settled ones too) and each outcome's open bets and liability; null if unknown. */
export const eventBook = async (db: TExecutor, eventId: string) => {
  const [event] = await queryRows<{
    id: string;
    sport: string;
    tournament: string;
    competitors: TCompetitors | string;
    start_time: string | Date;
    status: string;
    score: { home: number; away: number } | string | null;
  }>(
    db,
    sql`select id, sport, tournament, competitors, start_time, status, score from sb_events where id = ${eventId}`,
  );
  if (!event) return null;
  const competitors = parse(event.competitors);
  const rows = await queryRows<{
    market_id: number;
    specifiers: string;
    status: number;
    watchdog_suspended: boolean;
    outcome_id: string | null;
    odds: number | null;
    active: boolean | null;
    result: number | null;
    void_halves: number | null;
    dead_heat: string | null;
    bets: unknown;
    liability: unknown;
  }>(
    db,
    sql`select m.market_id, m.specifiers, m.status, m.watchdog_suspended, o.outcome_id, o.odds, o.active,
               o.result, o.void_halves, o.dead_heat,
               (select count(*) from sb_bet_legs l join sb_bets b on b.id = l.bet_id
                 where l.event_id = o.event_id and l.market_id = o.market_id and l.specifiers = o.specifiers
                   and l.outcome_id = o.outcome_id and b.status = 'open') as bets,
               (select coalesce(sum(b.potential_payout), 0) from sb_bet_legs l join sb_bets b on b.id = l.bet_id
                 where l.event_id = o.event_id and l.market_id = o.market_id and l.specifiers = o.specifiers
                   and l.outcome_id = o.outcome_id and b.status = 'open') as liability
          from sb_markets m
          left join sb_outcomes o on o.event_id = m.event_id and o.market_id = m.market_id and o.specifiers = m.specifiers
         where m.event_id = ${eventId}
         order by m.market_id, m.specifiers, o.outcome_id`,
  );
  const markets: TAdminMarket[] = [];
  for (const row of rows) {
    const naming = namingOf(competitors, row.specifiers);
    let market = markets.find((m) => m.id === Number(row.market_id) && m.specifiers === row.specifiers);
    if (!market) {
      market = {
        id: Number(row.market_id),
        specifiers: row.specifiers,
        name: marketName(Number(row.market_id), naming),
        status: Number(row.status),
        watchdogSuspended: row.watchdog_suspended === true,
        outcomes: [],
      };
      markets.push(market);
    }
    if (row.outcome_id !== null)
      market.outcomes.push({
        id: row.outcome_id,
        name: outcomeName(market.id, row.outcome_id, naming),
        odds: Number(row.odds),
        active: row.active === true,
        result: row.result === null ? null : Number(row.result),
        voidHalves: row.void_halves === null ? null : Number(row.void_halves),
        deadHeat: row.dead_heat,
        bets: Number(row.bets),
        liability: toBigInt(row.liability),
      });
  }
  for (const market of markets)
    market.outcomes.sort((a, b) => Number(a.id) - Number(b.id) || a.id.localeCompare(b.id));
  return {
    id: event.id,
    name: eventName(competitors),
    sport: event.sport,
    tournament: event.tournament,
    startTime: new Date(event.start_time),
    status: event.status,
    score: event.score === null ? null : parse<{ home: number; away: number }>(event.score),
    markets,
  };
};
export type TEventBook = NonNullable<Awaited<ReturnType<typeof eventBook>>>;

export const hasEvent = async (db: TExecutor, eventId: string) =>
  (await queryRows(db, sql`select 1 from sb_events where id = ${eventId}`)).length > 0;
