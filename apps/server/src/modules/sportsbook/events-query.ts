/**
 * What the player sees of the book: sports with their counts, events of a sport (live or pre-match) with their
 * main markets, and one event with every market, named in the request's locale (market-names.ts), with the match
 * clock. A market suspended by the alive watchdog (or its producer down) shows as suspended (-1). Settled, ended
 * and cancelled events are not listed.
 */
import type { TEventItem, TMarket, TMatchClock } from '@casino/contracts/calls/sportsbook';
import { sql } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { queryRows } from '../ledger/index.ts';
import { marketName, namingOf, outcomeName } from './market-names.ts';
import { periodName } from './match-status.ts';

/** Sport keys the site names (translations in the betting namespace); any other key shows as sent. */
export const SPORT_NAMES: Record<string, string> = {
  football: 'Football',
  tennis: 'Tennis',
  basketball: 'Basketball',
  ice_hockey: 'Ice hockey',
  volleyball: 'Volleyball',
  table_tennis: 'Table tennis',
};

/** The market shown in lists: 1X2, else the two-way winner, else the first one. */
const MAIN_MARKETS = [1, 186, 219];

/**
 * A sport's main markets in lists, by UOF market id, each the first id the event has: the result, the total, the
 * handicap (incl. overtime where the sport plays it; tennis: games).
 */
const MAIN_BY_SPORT: Record<string, number[][]> = {
  football: [[1], [18], [16]],
  ice_hockey: [[1, 406], [18], [16]],
  basketball: [
    [219, 1, 186],
    [225, 18],
    [223, 16],
  ],
  tennis: [[186], [189], [187]],
};
const MAIN_OTHER = [
  [1, 186, 219],
  [18, 225],
  [16, 223],
];

/** The most balanced line of a market with several (total=2.5 over total=4.5): the smallest spread of odds. */
const balanced = (lines: TMarket[]) => {
  const spread = (m: TMarket) => {
    const odds = m.outcomes.filter((o) => o.active).map((o) => o.odds);
    return m.status !== 1 || odds.length < 2
      ? Number.POSITIVE_INFINITY
      : Math.max(...odds) - Math.min(...odds);
  };
  return lines.reduce((best, m) => (spread(m) < spread(best) ? m : best));
};

export const mainMarketsOf = (sport: string, markets: TMarket[]): TMarket[] =>
  (MAIN_BY_SPORT[sport] ?? MAIN_OTHER).flatMap((ids) => {
    for (const id of ids) {
      const lines = markets.filter((m) => m.id === id);
      if (lines.length > 0) return [balanced(lines)];
    }
    return [];
  });

interface TClockRow {
  match_time?: string;
  stoppage_time?: string;
  remaining_time?: string;
  remaining_time_in_period?: string;
  stopped?: boolean;
  match_status?: number;
  at: string;
}

const clockOf = (value: TClockRow | string | null): TMatchClock | null => {
  if (value === null) return null;
  const c = typeof value === 'string' ? (JSON.parse(value) as TClockRow) : value;
  return {
    match_time: c.match_time ?? null,
    stoppage_time: c.stoppage_time ?? null,
    remaining_time: c.remaining_time ?? null,
    remaining_time_in_period: c.remaining_time_in_period ?? null,
    stopped: c.stopped === true,
    match_status: c.match_status ?? null,
    period: periodName(c.match_status),
    at: c.at,
  };
};

interface TEventRow {
  id: string;
  sport: string;
  tournament: string;
  competitors: { id: string; name: string }[] | string;
  start_time: string | Date;
  status: TEventItem['status'];
  score: { home: number; away: number } | string | null;
  clock: TClockRow | string | null;
}

interface TOutcomeRow {
  event_id: string;
  market_id: number;
  specifiers: string;
  status: number;
  watchdog_suspended: boolean;
  outcome_id: string | null;
  odds: number | null;
  active: boolean | null;
}

const parse = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

const OPEN = sql`e.status in ('not_started', 'live', 'suspended')`;

const marketsOf = async (db: TExecutor, events: TEventRow[], locale: string) => {
  const byEvent = new Map<string, TMarket[]>();
  if (events.length === 0) return byEvent;
  const ids = sql.join(
    events.map((e) => sql`${e.id}`),
    sql`, `,
  );
  const rows = await queryRows<TOutcomeRow>(
    db,
    sql`select m.event_id, m.market_id, m.specifiers, m.status, m.watchdog_suspended, o.outcome_id, o.odds, o.active
          from sb_markets m
          left join sb_outcomes o on o.event_id = m.event_id and o.market_id = m.market_id and o.specifiers = m.specifiers
         where m.event_id in (${ids}) and m.status <> 0
         order by m.event_id, m.market_id, m.specifiers, o.outcome_id`,
  );
  const competitors = new Map(events.map((e) => [e.id, parse(e.competitors)]));
  for (const row of rows) {
    const list = byEvent.get(row.event_id) ?? [];
    byEvent.set(row.event_id, list);
    const naming = namingOf(competitors.get(row.event_id) ?? [], row.specifiers, locale);
    let market = list.find((m) => m.id === Number(row.market_id) && m.specifiers === row.specifiers);
    if (!market) {
      market = {
        id: Number(row.market_id),
        specifiers: row.specifiers,
        name: marketName(Number(row.market_id), naming),
        status: row.watchdog_suspended ? -1 : Number(row.status),
        outcomes: [],
      };
      list.push(market);
    }
    if (row.outcome_id !== null)
      market.outcomes.push({
        id: row.outcome_id,
        name: outcomeName(market.id, row.outcome_id, naming),
        odds: Number(row.odds) / 1000,
        active: row.active === true,
      });
  }
  for (const list of byEvent.values()) {
    for (const market of list)
      market.outcomes.sort((a, b) => Number(a.id) - Number(b.id) || a.id.localeCompare(b.id));
    list.sort((a, b) => a.id - b.id || a.specifiers.localeCompare(b.specifiers));
  }
  return byEvent;
};

const item = (row: TEventRow) => ({
  id: row.id,
  sport: row.sport,
  tournament: row.tournament,
  competitors: parse(row.competitors),
  start_time: new Date(row.start_time).toISOString(),
  status: row.status,
  score: row.score === null ? null : parse(row.score),
  clock: clockOf(row.clock),
});

/** The market lists show alone (as before main_markets): 1X2, else the two-way winner, else the first one. */
const mainMarket = (markets: TMarket[]) =>
  MAIN_MARKETS.map((m) => markets.find((x) => x.id === m)).find(Boolean) ?? markets[0] ?? null;

export const listSports = async (db: TExecutor) => {
  const rows = await queryRows<{ sport: string; live: unknown; prematch: unknown }>(
    db,
    sql`select e.sport, count(*) filter (where e.status in ('live', 'suspended')) as live,
               count(*) filter (where e.status = 'not_started') as prematch
          from sb_events e where ${OPEN} group by e.sport order by e.sport`,
  );
  return {
    items: rows.map((r) => ({
      id: r.sport,
      name: SPORT_NAMES[r.sport] ?? r.sport,
      live_count: Number(r.live),
      prematch_count: Number(r.prematch),
    })),
  };
};

export const listEvents = async (
  db: TExecutor,
  input: { sport: string; status: 'live' | 'prematch' | 'all'; offset: number; count: number },
  locale = 'en',
) => {
  const where = sql`${OPEN}
    ${input.sport ? sql`and e.sport = ${input.sport}` : sql``}
    ${input.status === 'live' ? sql`and e.status in ('live', 'suspended')` : input.status === 'prematch' ? sql`and e.status = 'not_started'` : sql``}`;
  const rows = await queryRows<TEventRow>(
    db,
    sql`select e.id, e.sport, e.tournament, e.competitors, e.start_time, e.status, e.score, e.clock from sb_events e
         where ${where} order by (e.status = 'not_started'), e.start_time, e.id offset ${input.offset} limit ${input.count}`,
  );
  const [total] = await queryRows<{ n: unknown }>(
    db,
    sql`select count(*)::int as n from sb_events e where ${where}`,
  );
  const markets = await marketsOf(db, rows, locale);
  return {
    items: rows.map((r) => {
      const all = markets.get(r.id) ?? [];
      return { ...item(r), main_market: mainMarket(all), main_markets: mainMarketsOf(r.sport, all) };
    }),
    count: Number(total?.n ?? 0),
  };
};

export const getEvent = async (db: TExecutor, id: string, locale = 'en') => {
  const [row] = await queryRows<TEventRow>(
    db,
    sql`select e.id, e.sport, e.tournament, e.competitors, e.start_time, e.status, e.score, e.clock from sb_events e
         where e.id = ${id}`,
  );
  if (!row) throw new AppError('InvalidParameterException', { invalid_parameters: { id: 'wrongField' } });
  const markets = await marketsOf(db, [row], locale);
  return { ...item(row), markets: markets.get(row.id) ?? [] };
};
