/**
 * UOF messages (uof/message-types.ts) as the book's feed messages (feed-messages.ts), so that both feeds go
 * through one apply and one settlement engine. What needs the book's state (the event's markets for a bet_stop of
 * groups or a cancel of every market) is given by the caller (uof-book.ts).
 *
 * Decisions, from the UOF documentation:
 * - market status 1/0/-1 are ours; -3 settled and -4 cancelled deactivate the market (0: no more bets; the money
 *   follows the bet_settlement or bet_cancel); -2 "handed over" (Ctrl hands a market to LO at kick-off) changes
 *   nothing: the live producer's next odds decide.
 * - an outcome without odds is not offered; `active="0"` is inactive.
 * - sport event status 0 not started, 1 live, 2 suspended, 3 ended, 4 closed, 5 cancelled, 6 delayed (not
 *   started), 7 interrupted (suspended), 8 postponed (not started: its bets wait for a cancel or the match),
 *   9 abandoned (cancelled).
 * - bet_settlement `certainty` 1 (live scouted) suspends the markets and pays nothing; 2 (confirmed), or none,
 *   settles. A live-scouted result can still be corrected before Betradar confirms it, and a payout taken back
 *   is a debt for the player; the confirmed one follows within minutes. An outcome whose result is -1
 *   (undecided) is left unsettled.
 */
import type { TEventStatus } from '@casino/contracts/calls/sportsbook';
import { type TFeedMessage, ZFeedMessage } from './feed-messages.ts';
import type {
  TBetCancel,
  TBetSettlement,
  TBetStop,
  TOddsChange,
  TRollbackBetCancel,
  TRollbackBetSettlement,
  TUofEventMessage,
} from './uof/message-types.ts';
import type { TFixture } from './uof/rest-types.ts';

const EVENT_STATUS: Record<number, TEventStatus> = {
  0: 'not_started',
  1: 'live',
  2: 'suspended',
  3: 'ended',
  4: 'closed',
  5: 'cancelled',
  6: 'not_started',
  7: 'suspended',
  8: 'not_started',
  9: 'cancelled',
};

const MARKET_STATUS: Record<number, 1 | -1 | 0 | undefined> = { 1: 1, 0: 0, [-1]: -1, [-3]: 0, [-4]: 0 };

/** The sports the site names, by Betradar's sport URN; any other sport is keyed by its name. */
export const SPORT_KEYS: Record<string, string> = {
  'sr:sport:1': 'football',
  'sr:sport:2': 'basketball',
  'sr:sport:4': 'ice_hockey',
  'sr:sport:5': 'tennis',
  'sr:sport:20': 'table_tennis',
  'sr:sport:23': 'volleyball',
};

export const sportKeyOf = (sport: { id: string; name: string }) =>
  SPORT_KEYS[sport.id] ??
  (sport.name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 50) ||
    'other');

/** The book's message id of a UOF message: redelivered copies have the same one. */
export const uofMessageId = (m: TUofEventMessage, part = '') =>
  `uof:${m.product}:${m.type}:${m.eventId}:${m.timestamp}${part}`;

type TFeedOf<T extends TFeedMessage['type']> = Extract<TFeedMessage, { type: T }>;

/** A message checked by the same schema as the JSON feed's (text lengths, ids, odds bounds). */
const checked = <T extends TFeedMessage>(message: unknown) => ZFeedMessage.parse(message) as T;

const base = (m: TUofEventMessage, part = '') => ({
  message_id: uofMessageId(m, part),
  timestamp: m.timestamp,
  event_id: m.eventId,
});

export const oddsChangeOf = (m: TOddsChange): TFeedOf<'odds_change'> => {
  const s = m.sportEventStatus;
  const clock = s && {
    ...(s.clock?.matchTime === undefined ? {} : { match_time: s.clock.matchTime }),
    ...(s.clock?.stoppageTime === undefined ? {} : { stoppage_time: s.clock.stoppageTime }),
    ...(s.clock?.remainingTime === undefined ? {} : { remaining_time: s.clock.remainingTime }),
    ...(s.clock?.remainingTimeInPeriod === undefined
      ? {}
      : { remaining_time_in_period: s.clock.remainingTimeInPeriod }),
    stopped: s.clock?.stopped ?? false,
    match_status: s.matchStatus,
  };
  return checked({
    type: 'odds_change',
    ...base(m),
    ...(s ? { event_status: EVENT_STATUS[s.status] } : {}),
    ...(s && s.homeScore !== undefined && s.awayScore !== undefined
      ? { score: { home: s.homeScore, away: s.awayScore } }
      : {}),
    ...(clock && s.status !== 0 ? { clock } : {}),
    markets: m.markets.flatMap((market) => {
      const status = MARKET_STATUS[market.status];
      if (status === undefined) return [];
      return [
        {
          id: market.id,
          specifiers: market.specifiers,
          status,
          outcomes: market.outcomes.map((o) => ({
            id: o.id,
            ...(o.odds === undefined ? {} : { odds: o.odds }),
            active: o.odds !== undefined && o.active !== false,
          })),
        },
      ];
    }),
  });
};

/**
 * The markets a bet_stop stops: those of its groups ("all", or none named: every market). A market no
 * description knows is stopped too: stopping one too many is safe, taking bets on a stopped one is not.
 */
export const betStopOf = (
  m: TBetStop,
  eventMarkets: readonly { id: number; specifiers: string }[],
  groupsOf: (marketId: number) => readonly string[] | undefined,
): TFeedOf<'bet_stop'> | null => {
  const all = m.groups.length === 0 || m.groups.includes('all');
  const markets = all
    ? []
    : eventMarkets.filter((market) => {
        const groups = groupsOf(market.id);
        return groups === undefined || groups.some((g) => m.groups.includes(g));
      });
  if (!all && markets.length === 0) return null;
  return checked({ type: 'bet_stop', ...base(m), markets });
};

/** A confirmed settlement settles; a live-scouted one (certainty 1) stops its markets (see above). */
export const settlementOf = (m: TBetSettlement): TFeedOf<'bet_settlement'> | TFeedOf<'bet_stop'> | null => {
  if (m.certainty === 1)
    return checked({
      type: 'bet_stop',
      ...base(m),
      markets: m.markets.map((market) => ({ id: market.id, specifiers: market.specifiers })),
    });
  const markets = m.markets.flatMap((market) => {
    const outcomes = market.outcomes
      .filter((o) => o.result !== -1)
      .map((o) => ({
        id: o.id,
        result: o.result,
        void_factor: o.voidFactor ?? 0,
        dead_heat_factor: o.deadHeatFactor ?? 1,
      }));
    return outcomes.length === 0 ? [] : [{ id: market.id, specifiers: market.specifiers, outcomes }];
  });
  if (markets.length === 0) return null;
  return checked({ type: 'bet_settlement', ...base(m), markets });
};

export const rollbackSettlementOf = (m: TRollbackBetSettlement): TFeedOf<'rollback_bet_settlement'> | null =>
  m.markets.length === 0
    ? null
    : checked({
        type: 'rollback_bet_settlement',
        ...base(m),
        markets: m.markets.map((market) => ({ id: market.id, specifiers: market.specifiers })),
      });

/** A cancel (or its rollback) of the markets named, or of every market of the event when it names none. */
export const cancelOf = (
  m: TBetCancel | TRollbackBetCancel,
  eventMarkets: readonly { id: number; specifiers: string }[],
): TFeedOf<'bet_cancel'> | TFeedOf<'rollback_bet_cancel'> | null => {
  const markets = (m.markets.length > 0 ? m.markets : eventMarkets).map((market) => ({
    id: market.id,
    specifiers: market.specifiers,
  }));
  if (markets.length === 0) return null;
  return checked({
    type: m.type,
    ...base(m),
    markets,
    ...(m.startTime === undefined ? {} : { start_time: m.startTime }),
    ...(m.endTime === undefined ? {} : { end_time: m.endTime }),
    ...(m.type === 'bet_cancel' && m.supercededBy !== undefined ? { superceded_by: m.supercededBy } : {}),
  });
};

const FIXTURE_STATUS: Record<string, TEventStatus> = {
  live: 'live',
  ended: 'ended',
  closed: 'closed',
  cancelled: 'cancelled',
  abandoned: 'cancelled',
  suspended: 'suspended',
  interrupted: 'suspended',
};

/**
 * An event's fixture (REST) as the book's fixture message: home first, the sport keyed, the tournament named. An
 * event already in the book keeps its status unless the fixture ends or cancels it (the odds decide live/not).
 */
export const fixtureOf = (
  m: TUofEventMessage,
  fixture: TFixture,
  currentStatus: TEventStatus | undefined,
): TFeedOf<'fixture'> => {
  const order = (q?: string) => (q === 'home' ? 0 : q === 'away' ? 2 : 1);
  const competitors = [...fixture.competitors]
    .sort((a, b) => order(a.qualifier) - order(b.qualifier))
    .slice(0, 2)
    .map((c) => ({ id: c.id, name: c.name }));
  const told = FIXTURE_STATUS[fixture.status ?? ''] ?? 'not_started';
  const status =
    currentStatus === undefined || told === 'cancelled' || told === 'ended' || told === 'closed'
      ? told
      : currentStatus;
  const start = fixture.startTime ?? fixture.scheduled ?? new Date(m.timestamp).toISOString();
  return checked({
    type: 'fixture',
    message_id: uofMessageId(m, ':fixture'),
    timestamp: m.timestamp,
    event_id: m.eventId,
    sport: sportKeyOf(fixture.sport),
    tournament: fixture.tournament.name,
    competitors:
      competitors.length > 0
        ? competitors
        : [{ id: fixture.id, name: fixture.name ?? fixture.tournament.name }],
    start_time: new Date(start).toISOString(),
    status,
  });
};
