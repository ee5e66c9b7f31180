/**
 * The UOF feed messages as typed data, after UnifiedFeed.xsd (the messages schema published with Sportradar's
 * SDKs). Names are camelCase of the XSD's attributes; enumerations keep the XSD's numbers (their meaning beside).
 * Attributes the book does not use (probabilities of each kind, statistics, cash-out status…) are left out.
 */

/** Producers (products) of the feed: 1 = LO (Live Odds), 3 = Ctrl (Betradar Ctrl, pre-match). */
export const PRODUCT = { liveOdds: 1, ctrl: 3 } as const;

/** Market status: 1 active, 0 inactive, -1 suspended, -2 handed over, -3 settled, -4 cancelled. */
export const MARKET_STATUS = [1, 0, -1, -2, -3, -4] as const;
export type TMarketStatus = (typeof MARKET_STATUS)[number];

/**
 * Sport event status: 0 not started, 1 live, 2 suspended, 3 ended, 4 closed, 5 cancelled, 6 delayed,
 * 7 interrupted, 8 postponed, 9 abandoned.
 */
export const EVENT_STATUS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] as const;
export type TEventStatus = (typeof EVENT_STATUS)[number];

/** Outcome result in a bet_settlement: 1 won, 0 lost, -1 undecided yet. */
export const OUTCOME_RESULT = [1, 0, -1] as const;
export type TOutcomeResult = (typeof OUTCOME_RESULT)[number];

/** void_factor: the share of the stake refunded (0.5 half, 1 all). */
export const VOID_FACTOR = [0.5, 1] as const;

/** certainty of a bet_settlement: 1 live scouted, 2 confirmed. */
export const CERTAINTY = [1, 2] as const;

/** fixture_change's change_type: 1 new, 2 date/time, 3 cancelled, 4 format, 5 coverage, 6 pitcher. */
export const CHANGE_TYPE = [1, 2, 3, 4, 5, 6] as const;

/** What every message about one sport event carries (the XSD's messageAttributes). */
export interface TEventMessageBase {
  product: number;
  /** A URN: sr:match:123, sr:stage:7, vf:match:9… */
  eventId: string;
  /** Milliseconds since the epoch, when the producer generated it. */
  timestamp: number;
  /** Present on messages a recovery request caused (its request_id). */
  requestId?: number;
}

export interface TClock {
  /** "27:33" or "27" */
  matchTime?: string;
  stoppageTime?: string;
  stoppageTimeAnnounced?: string;
  remainingTime?: string;
  remainingTimeInPeriod?: string;
  stopped?: boolean;
}

export interface TPeriodScore {
  matchStatusCode: number;
  number: number;
  homeScore: number;
  awayScore: number;
}

export interface TSportEventStatus {
  status: TEventStatus;
  /** 1 live, 0 not available, -1 suspended or contact lost */
  reporting?: number;
  /** The sport's match status code (6 = 1st half, 7 = 2nd half, 31 = halftime… see match_status descriptions). */
  matchStatus: number;
  homeScore?: number;
  awayScore?: number;
  clock?: TClock;
  periodScores: TPeriodScore[];
  /** Final results by match status code (e.g. after overtime, penalties). */
  results: { matchStatusCode: number; homeScore: number; awayScore: number }[];
}

export interface TOddsOutcome {
  /** An integer id, or a URN for outcomes that are players or competitors (sr:player:123). */
  id: string;
  odds?: number;
  probabilities?: number;
  active?: boolean;
}

export interface TOddsMarket {
  id: number;
  /** As sent, e.g. "total=2.5" or "setnr=3|gamenr=2"; '' for a market without specifiers. */
  specifiers: string;
  extendedSpecifiers?: string;
  status: TMarketStatus;
  favourite?: boolean;
  nextBetstop?: number;
  outcomes: TOddsOutcome[];
}

export interface TOddsChange extends TEventMessageBase {
  type: 'odds_change';
  oddsChangeReason?: number;
  bettingStatus?: number;
  betstopReason?: number;
  sportEventStatus?: TSportEventStatus;
  markets: TOddsMarket[];
}

export interface TBetStop extends TEventMessageBase {
  type: 'bet_stop';
  /** Market groups to stop ("all", "score", "corners"…: the groups of the market descriptions). */
  groups: string[];
  /** The status the stopped markets take; the docs' default when absent is suspended (-1). */
  marketStatus: TMarketStatus;
}

export interface TSettlementOutcome {
  id: string;
  result: TOutcomeResult;
  voidFactor?: 0.5 | 1;
  deadHeatFactor?: number;
}

export interface TSettlementMarket {
  id: number;
  specifiers: string;
  voidReason?: number;
  outcomes: TSettlementOutcome[];
}

export interface TBetSettlement extends TEventMessageBase {
  type: 'bet_settlement';
  /** 1 live scouted, 2 confirmed (required by the XSD; absent in some producers' old messages). */
  certainty?: 1 | 2;
  markets: TSettlementMarket[];
}

export interface TMarketRef {
  id: number;
  specifiers: string;
  voidReason?: number;
}

export interface TRollbackBetSettlement extends TEventMessageBase {
  type: 'rollback_bet_settlement';
  markets: TMarketRef[];
}

export interface TBetCancel extends TEventMessageBase {
  type: 'bet_cancel';
  /** Bets placed from (ms; absent: from the first) to (ms; absent: until now) are cancelled. */
  startTime?: number;
  endTime?: number;
  /** The event that replaces this one (a URN), when the cancel is because of a replacement. */
  supercededBy?: string;
  markets: TMarketRef[];
}

export interface TRollbackBetCancel extends TEventMessageBase {
  type: 'rollback_bet_cancel';
  startTime?: number;
  endTime?: number;
  markets: TMarketRef[];
}

export interface TFixtureChange extends TEventMessageBase {
  type: 'fixture_change';
  changeType?: (typeof CHANGE_TYPE)[number];
  /** The scheduled start, ms since the epoch. */
  startTime: number;
  nextLiveTime?: number;
}

export interface TAlive {
  type: 'alive';
  product: number;
  timestamp: number;
  /** false: the producer is up but we are not subscribed (recover to subscribe). */
  subscribed: boolean;
}

export interface TSnapshotComplete {
  type: 'snapshot_complete';
  product: number;
  timestamp: number;
  requestId: number;
}

export type TUofEventMessage =
  | TOddsChange
  | TBetStop
  | TBetSettlement
  | TRollbackBetSettlement
  | TBetCancel
  | TRollbackBetCancel
  | TFixtureChange;

export type TUofMessage = TUofEventMessage | TAlive | TSnapshotComplete;
export type TUofMessageType = TUofMessage['type'];

export const UOF_MESSAGE_TYPES: readonly TUofMessageType[] = [
  'odds_change',
  'bet_stop',
  'bet_settlement',
  'rollback_bet_settlement',
  'bet_cancel',
  'rollback_bet_cancel',
  'fixture_change',
  'alive',
  'snapshot_complete',
];

export const isEventMessage = (message: TUofMessage): message is TUofEventMessage =>
  message.type !== 'alive' && message.type !== 'snapshot_complete';
