/**
 * What the player sees of the book: sports with their counts, events of a sport (live or pre-match) with their
 * main market, and one event with every market. A market suspended by the alive watchdog shows as suspended (-1).
 * Settled, ended and cancelled events are not listed.
 */
import type { TEventItem, TMarket } from '@casino/contracts/calls/sportsbook';
import { sql } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { queryRows } from '../ledger/sql.ts';
import { marketName, namingOf, outcomeName } from './market-names.ts';

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

interface TEventRow {
  id: string;
  sport: string;
  tournament: string;
  competitors: { id: string; name: string }[] | string;
  start_time: string | Date;
  status: TEventItem['status'];
  score: { home: number; away: number } | string | null;
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

const marketsOf = async (db: TExecutor, events: TEventRow[], only?: 'main') => {
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
    const naming = namingOf(competitors.get(row.event_id) ?? [], row.specifiers);
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
  if (only === 'main')
    for (const [id, list] of byEvent) {
      const main = MAIN_MARKETS.map((m) => list.find((x) => x.id === m)).find(Boolean) ?? list[0];
      byEvent.set(id, main ? [main] : []);
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
});

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
) => {
  const where = sql`${OPEN}
    ${input.sport ? sql`and e.sport = ${input.sport}` : sql``}
    ${input.status === 'live' ? sql`and e.status in ('live', 'suspended')` : input.status === 'prematch' ? sql`and e.status = 'not_started'` : sql``}`;
  const rows = await queryRows<TEventRow>(
    db,
    sql`select e.id, e.sport, e.tournament, e.competitors, e.start_time, e.status, e.score from sb_events e
         where ${where} order by (e.status = 'not_started'), e.start_time, e.id offset ${input.offset} limit ${input.count}`,
  );
  const [total] = await queryRows<{ n: unknown }>(
    db,
    sql`select count(*)::int as n from sb_events e where ${where}`,
  );
  const markets = await marketsOf(db, rows, 'main');
  return {
    items: rows.map((r) => ({ ...item(r), main_market: markets.get(r.id)?.[0] ?? null })),
    count: Number(total?.n ?? 0),
  };
};

export const getEvent = async (db: TExecutor, id: string) => {
  const [row] = await queryRows<TEventRow>(
    db,
    sql`select e.id, e.sport, e.tournament, e.competitors, e.start_time, e.status, e.score from sb_events e
         where e.id = ${id}`,
  );
  if (!row) throw new AppError('InvalidParameterException', { invalid_parameters: { id: 'wrongField' } });
  const markets = await marketsOf(db, [row]);
  return { ...item(row), markets: markets.get(row.id) ?? [] };
};
