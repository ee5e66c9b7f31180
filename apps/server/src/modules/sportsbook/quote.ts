/**
 * Checks a bet slip's selections against the book as it is now: each market active (and not suspended by the
 * alive watchdog), each outcome active, no pre-match price on an event that started, and the odds within the
 * player's accept_odds policy (none: unchanged; higher: unchanged or higher; any: whatever they are now). Answers
 * the odds the bet takes (the current ones) or throws InvalidParameterException with a field code.
 *
 * The book is read by ONE statement (`bookText`) that placement sends with wallet_open, under the player's lock:
 * a row per selection with its event, market and outcome, the player's open stakes on the selection's event, the
 * player's stake factor and currency. Nothing of the book is cached: prices move with the feed, and a bet must
 * take the ones committed when it is recorded.
 */
import type { TAcceptOdds, TSelection } from '@casino/contracts/calls/sportsbook';
import pg from 'pg';
import { AppError } from '../../platform/http/app-error.ts';
import { oddsToThousandths } from './settlement-math.ts';

export interface TQuoted extends TSelection {
  /** The selection's place in the slip. */
  index: number;
  /** The odds the bet takes, thousandths. */
  taken: number;
  live: boolean;
}

/** One selection as the book has it (nulls: no such outcome). */
export interface TBookRow {
  i: number;
  event_status: string | null;
  start_time: string | Date | null;
  competitors: { name: string }[] | string | null;
  market_status: number | null;
  watchdog_suspended: boolean | null;
  odds: number | null;
  active: boolean | null;
  result: number | null;
  void_halves: number | null;
  dead_heat: string | null;
  /** The player's open stakes on the selection's event, minor units. */
  staked: unknown;
  /** The player's stake factor in thousandths, null for the default (1000). */
  factor: unknown;
  currency: string;
}

export const refuse = (field: string, code: string, extra: Record<string, unknown> = {}) =>
  new AppError('InvalidParameterException', { invalid_parameters: { [field]: code }, ...extra });

const CLOSED = new Set(['ended', 'closed', 'cancelled']);
const literal = (value: string) => pg.escapeLiteral(value);

/**
 * The statement that reads the book for a slip (values inlined as literals: it travels with wallet_open in one
 * simple-protocol round trip). Primary-key lookups per selection; the open stakes per event come through the
 * player's open bets (sb_bets_player_open) and their legs' primary key.
 */
export const bookText = (playerId: number, selections: TSelection[]) => {
  if (!Number.isSafeInteger(playerId)) throw new Error('bad player id');
  const values = selections.map((s, i) => {
    if (!Number.isSafeInteger(s.market_id)) throw refuse('selections', 'wrongField', { selection: i });
    return `(${i}, ${literal(s.event_id)}, ${s.market_id}, ${literal(s.specifiers)}, ${literal(s.outcome_id)})`;
  });
  return `select s.i, e.status as event_status, e.start_time, e.competitors, m.status as market_status,
      m.watchdog_suspended, o.odds, o.active, o.result, o.void_halves, o.dead_heat,
      (select coalesce(sum(b.total_stake), 0) from sb_bets b
         join sb_bet_legs l on l.bet_id = b.id and l.event_id = s.event_id
        where b.player_id = ${playerId} and b.status = 'open') as staked,
      (select round(stake_factor * 1000)::bigint from sb_player_limits where player_id = ${playerId}) as factor,
      (select currency from players where id = ${playerId}) as currency
    from (values ${values.join(', ')}) s(i, event_id, market_id, specifiers, outcome_id)
    left join sb_events e on e.id = s.event_id
    left join sb_markets m on m.event_id = s.event_id and m.market_id = s.market_id and m.specifiers = s.specifiers
    left join sb_outcomes o on o.event_id = s.event_id and o.market_id = s.market_id
      and o.specifiers = s.specifiers and o.outcome_id = s.outcome_id
    order by s.i`;
};

/** The slip's selections judged against the book's rows (`bookText`, in selection order). */
export const judgeSelections = (
  selections: TSelection[],
  rows: TBookRow[],
  acceptOdds: TAcceptOdds,
  now: Date,
): TQuoted[] => {
  const quoted: TQuoted[] = [];
  const changed: { index: number; odds: number }[] = [];
  for (const [index, s] of selections.entries()) {
    const row = rows[index];
    if (!row || row.odds === null || row.event_status === null)
      throw refuse('selections', 'wrongField', { selection: index });
    if (CLOSED.has(row.event_status) || Number(row.market_status) === 0 || row.result !== null)
      throw refuse('selections', 'marketClosed', { selection: index });
    const live = row.event_status === 'live' || row.event_status === 'suspended';
    if (!live && new Date(row.start_time as string | Date).getTime() <= now.getTime())
      throw refuse('selections', 'eventStarted', { selection: index });
    if (
      Number(row.market_status) === -1 ||
      row.watchdog_suspended ||
      !row.active ||
      row.event_status === 'suspended'
    )
      throw refuse('selections', 'marketSuspended', { selection: index });
    const current = Number(row.odds);
    const asked = oddsToThousandths(s.odds);
    const acceptable =
      current === asked || acceptOdds === 'any' || (acceptOdds === 'higher' && current > asked);
    if (!acceptable) changed.push({ index, odds: current / 1000 });
    quoted.push({ ...s, index, taken: current, live });
  }
  if (changed.length > 0) throw refuse('selections', 'oddsChanged', { odds: changed });
  return quoted;
};
