/**
 * Checks a bet slip's selections against the book as it is now: each market active (and not suspended by the
 * alive watchdog), each outcome active, no pre-match price on an event that started, and the odds within the
 * player's accept_odds policy (none: unchanged; higher: unchanged or higher; any: whatever they are now). Answers
 * the odds the bet takes (the current ones) or throws InvalidParameterException with a field code.
 *
 * The book is read by ONE call (`bookText`, the function sb_book) that placement sends with wallet_open, under the
 * player's lock: a row per selection with its event, market and outcome, the player's open stakes on the
 * selection's event, the player's stake factor and currency. Nothing of the book is cached: prices move with the
 * feed, and a bet must take the ones committed when it is recorded.
 */
import type { TAcceptOdds, TSelection } from '@casino/contracts/calls/sportsbook';
import { sqlInteger, sqlJson } from '../../platform/db/sql-literal.ts';
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
  /** The desk's stake limit for the selection's sport / market (minor units, before the factor), null: none. */
  max_stake: unknown;
}

export const refuse = (field: string, code: string, extra: Record<string, unknown> = {}) =>
  new AppError('InvalidParameterException', { invalid_parameters: { [field]: code }, ...extra });

const CLOSED = new Set(['ended', 'closed', 'cancelled']);

/**
 * The statement that reads the book for a slip (sb_book: a primary-key probe per selection, its plan kept by the
 * backend). The selections go as one json literal: the call travels with wallet_open in one
 * simple-protocol round trip.
 */
export const bookText = (playerId: number, selections: TSelection[]) => {
  if (!Number.isSafeInteger(playerId)) throw new Error('bad player id');
  const rows = selections.map((s, i) => {
    if (!Number.isSafeInteger(s.market_id)) throw refuse('selections', 'wrongField', { selection: i });
    return {
      i,
      event_id: s.event_id,
      market_id: s.market_id,
      specifiers: s.specifiers,
      outcome_id: s.outcome_id,
    };
  });
  return `select * from sb_book(${sqlInteger(playerId)}, ${sqlJson(rows)})`;
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
