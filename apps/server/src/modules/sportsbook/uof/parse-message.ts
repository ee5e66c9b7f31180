/**
 * A UOF feed message (XML, as it comes off the broker) into typed data (message-types.ts), checked against what
 * UnifiedFeed.xsd requires. Anything else is a UofXmlError naming the element and attribute: never a crash, never
 * a half-read message. Unknown attributes and elements are ignored, as the schema's later versions add some.
 */
import {
  CERTAINTY,
  CHANGE_TYPE,
  EVENT_STATUS,
  MARKET_STATUS,
  OUTCOME_RESULT,
  type TEventMessageBase,
  type TMarketRef,
  type TOddsMarket,
  type TSettlementMarket,
  type TSportEventStatus,
  type TUofMessage,
  type TUofMessageType,
  VOID_FACTOR,
} from './message-types.ts';
import { attributesOf, childNamed, childrenNamed, parseXml, type TXmlElement, UofXmlError } from './xml.ts';

type TAttrs = ReturnType<typeof attributesOf>;

/** "total=2.5|hcp=1:0" → { total: '2.5', hcp: '1:0' }; '' → {}. */
export const parseSpecifiers = (specifiers: string): Record<string, string> => {
  const result: Record<string, string> = {};
  for (const pair of specifiers.split('|')) {
    if (pair === '') continue;
    const at = pair.indexOf('=');
    if (at <= 0) throw new UofXmlError(`specifier "${pair}" is not name=value`);
    result[pair.slice(0, at)] = pair.slice(at + 1);
  }
  return result;
};

const base = (a: TAttrs): TEventMessageBase => ({
  product: a.int('product'),
  eventId: a.urn('event_id'),
  timestamp: a.int('timestamp'),
  ...optional('requestId', a.optInt('request_id')),
});

/** `{ key: value }` when the value is there, `{}` when not: keeps absent attributes absent, not `undefined`. */
const optional = <K extends string, V>(key: K, value: V | undefined) =>
  (value === undefined ? {} : { [key]: value }) as Partial<Record<K, V>>;

const specifiersOf = (a: TAttrs) => {
  const specifiers = a.optStr('specifiers') ?? '';
  try {
    parseSpecifiers(specifiers);
  } catch (error) {
    throw new UofXmlError(`${a.where}: ${(error as Error).message}`);
  }
  return specifiers;
};

const sportEventStatus = (element: TXmlElement, where: string): TSportEventStatus => {
  const a = attributesOf(element, where);
  const clockElement = childNamed(element, 'clock');
  const c = clockElement && attributesOf(clockElement, `${where}/clock`);
  const time = (name: string) => {
    const value = c?.optStr(name);
    if (value !== undefined && !/^\d+(:\d+)?$/.test(value))
      throw new UofXmlError(`${where}/clock: attribute ${name} "${value}" is not a time like 27:33`);
    return value;
  };
  const scores = childNamed(element, 'period_scores');
  const results = childNamed(element, 'results');
  return {
    status: a.oneOf('status', EVENT_STATUS),
    ...optional('reporting', a.optInt('reporting')),
    matchStatus: a.int('match_status'),
    ...optional('homeScore', a.optDecimal('home_score')),
    ...optional('awayScore', a.optDecimal('away_score')),
    ...optional(
      'clock',
      c && {
        ...optional('matchTime', time('match_time')),
        ...optional('stoppageTime', time('stoppage_time')),
        ...optional('stoppageTimeAnnounced', time('stoppage_time_announced')),
        ...optional('remainingTime', time('remaining_time')),
        ...optional('remainingTimeInPeriod', time('remaining_time_in_period')),
        ...optional('stopped', c.optBool('stopped')),
      },
    ),
    periodScores: (scores ? childrenNamed(scores, 'period_score') : []).map((p, i) => {
      const s = attributesOf(p, `${where}/period_scores/period_score[${i}]`);
      return {
        matchStatusCode: s.int('match_status_code'),
        number: s.int('number'),
        homeScore: s.decimal('home_score'),
        awayScore: s.decimal('away_score'),
      };
    }),
    results: (results ? childrenNamed(results, 'result') : []).map((r, i) => {
      const s = attributesOf(r, `${where}/results/result[${i}]`);
      return {
        matchStatusCode: s.int('match_status_code'),
        homeScore: s.decimal('home_score'),
        awayScore: s.decimal('away_score'),
      };
    }),
  };
};

const oddsMarket = (element: TXmlElement, where: string): TOddsMarket => {
  const a = attributesOf(element, where);
  const metadata = childNamed(element, 'market_metadata');
  return {
    id: a.int('id'),
    specifiers: specifiersOf(a),
    ...optional('extendedSpecifiers', a.optStr('extended_specifiers')),
    // Absent in some messages: the XSD leaves it optional; a market listed without it is offered as active.
    status: a.optOneOf('status', MARKET_STATUS) ?? 1,
    ...optional('favourite', a.optInt('favourite') === 1 ? true : undefined),
    ...optional(
      'nextBetstop',
      metadata && attributesOf(metadata, `${where}/market_metadata`).optInt('next_betstop'),
    ),
    outcomes: childrenNamed(element, 'outcome').map((o, i) => {
      const oa = attributesOf(o, `${where}/outcome[${i}]`);
      const odds = oa.optDecimal('odds');
      if (odds !== undefined && odds < 1)
        throw new UofXmlError(`${oa.where}: attribute odds "${odds}" is below 1 (decimal odds)`);
      const active = oa.optOneOf('active', [1, 0] as const);
      return {
        id: oa.str('id'),
        ...optional('odds', odds),
        ...optional('probabilities', oa.optDecimal('probabilities')),
        ...optional('active', active === undefined ? undefined : active === 1),
      };
    }),
  };
};

const settlementMarket = (element: TXmlElement, where: string): TSettlementMarket => {
  const a = attributesOf(element, where);
  return {
    id: a.int('id'),
    specifiers: specifiersOf(a),
    ...optional('voidReason', a.optInt('void_reason')),
    outcomes: childrenNamed(element, 'outcome').map((o, i) => {
      const oa = attributesOf(o, `${where}/outcome[${i}]`);
      const voidFactor = oa.optDecimal('void_factor');
      if (voidFactor !== undefined && !VOID_FACTOR.includes(voidFactor as 0.5 | 1))
        throw new UofXmlError(`${oa.where}: attribute void_factor "${voidFactor}" is not one of 0.5, 1`);
      const deadHeat = oa.optDecimal('dead_heat_factor');
      if (deadHeat !== undefined && !(deadHeat > 0 && deadHeat <= 1))
        throw new UofXmlError(`${oa.where}: attribute dead_heat_factor "${deadHeat}" is not in (0, 1]`);
      return {
        id: oa.str('id'),
        result: oa.oneOf('result', OUTCOME_RESULT),
        ...optional('voidFactor', voidFactor as 0.5 | 1 | undefined),
        ...optional('deadHeatFactor', deadHeat),
      };
    }),
  };
};

const marketRefs = (root: TXmlElement, type: string): TMarketRef[] =>
  childrenNamed(root, 'market').map((m, i) => {
    const a = attributesOf(m, `${type}/market[${i}]`);
    return {
      id: a.int('id'),
      specifiers: specifiersOf(a),
      ...optional('voidReason', a.optInt('void_reason')),
    };
  });

const READERS: Record<TUofMessageType, (root: TXmlElement, a: TAttrs) => TUofMessage> = {
  odds_change: (root, a) => {
    const odds = childNamed(root, 'odds');
    const o = odds && attributesOf(odds, 'odds_change/odds');
    const status = childNamed(root, 'sport_event_status');
    return {
      type: 'odds_change',
      ...base(a),
      ...optional('oddsChangeReason', a.optInt('odds_change_reason')),
      ...optional('bettingStatus', o?.optInt('betting_status')),
      ...optional('betstopReason', o?.optInt('betstop_reason')),
      ...optional('sportEventStatus', status && sportEventStatus(status, 'odds_change/sport_event_status')),
      markets: (odds ? childrenNamed(odds, 'market') : []).map((m, i) =>
        oddsMarket(m, `odds_change/odds/market[${i}]`),
      ),
    };
  },
  bet_stop: (_root, a) => ({
    type: 'bet_stop',
    ...base(a),
    groups: a.str('groups').split('|').filter(Boolean),
    marketStatus: a.optOneOf('market_status', MARKET_STATUS) ?? -1,
  }),
  bet_settlement: (root, a) => {
    const outcomes = childNamed(root, 'outcomes');
    if (!outcomes) throw new UofXmlError('bet_settlement: element outcomes is missing');
    return {
      type: 'bet_settlement',
      ...base(a),
      ...optional('certainty', a.optOneOf('certainty', CERTAINTY)),
      markets: childrenNamed(outcomes, 'market').map((m, i) =>
        settlementMarket(m, `bet_settlement/outcomes/market[${i}]`),
      ),
    };
  },
  rollback_bet_settlement: (root, a) => ({
    type: 'rollback_bet_settlement',
    ...base(a),
    markets: marketRefs(root, 'rollback_bet_settlement'),
  }),
  bet_cancel: (root, a) => ({
    type: 'bet_cancel',
    ...base(a),
    ...optional('startTime', a.optInt('start_time')),
    ...optional('endTime', a.optInt('end_time')),
    ...optional('supercededBy', a.optStr('superceded_by')),
    markets: marketRefs(root, 'bet_cancel'),
  }),
  rollback_bet_cancel: (root, a) => ({
    type: 'rollback_bet_cancel',
    ...base(a),
    ...optional('startTime', a.optInt('start_time')),
    ...optional('endTime', a.optInt('end_time')),
    markets: marketRefs(root, 'rollback_bet_cancel'),
  }),
  fixture_change: (_root, a) => ({
    type: 'fixture_change',
    ...base(a),
    ...optional('changeType', a.optOneOf('change_type', CHANGE_TYPE)),
    startTime: a.int('start_time'),
    ...optional('nextLiveTime', a.optInt('next_live_time')),
  }),
  alive: (_root, a) => ({
    type: 'alive',
    product: a.int('product'),
    timestamp: a.int('timestamp'),
    subscribed: a.oneOf('subscribed', [1, 0] as const) === 1,
  }),
  snapshot_complete: (_root, a) => ({
    type: 'snapshot_complete',
    product: a.int('product'),
    timestamp: a.int('timestamp'),
    requestId: a.int('request_id'),
  }),
};

/** Parses one feed message; throws UofXmlError for malformed XML, an unknown message or a value the XSD refuses. */
export const parseUofMessage = (xml: string | Uint8Array): TUofMessage => {
  const root = parseXml(xml);
  const read = Object.hasOwn(READERS, root.name) ? READERS[root.name as TUofMessageType] : undefined;
  if (!read) throw new UofXmlError(`unknown UOF message <${root.name}>`);
  return read(root, attributesOf(root, root.name));
};

/** The same, answering the error instead of throwing it (a consumer logs and drops what it cannot read). */
export const tryParseUofMessage = (
  xml: string | Uint8Array,
): { ok: true; message: TUofMessage } | { ok: false; error: UofXmlError } => {
  try {
    return { ok: true, message: parseUofMessage(xml) };
  } catch (error) {
    if (error instanceof UofXmlError) return { ok: false, error };
    throw error;
  }
};
