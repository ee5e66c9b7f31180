/**
 * Typed UOF messages (message-types.ts) written as the XML UnifiedFeed.xsd describes: what the tests put on the
 * broker and what the simulator will publish. parseUofMessage(buildUofXml(m)) gives m back.
 */
import type {
  TMarketRef,
  TOddsMarket,
  TSettlementMarket,
  TSportEventStatus,
  TUofMessage,
} from './message-types.ts';

const escapeXml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

type TAttrValue = string | number | boolean | undefined;

/** One element: attributes in the given order (undefined ones left out), then its children. */
export const xmlElement = (name: string, attrs: Record<string, TAttrValue>, children: string[] = []) => {
  const text = Object.entries(attrs)
    .filter((entry): entry is [string, string | number | boolean] => entry[1] !== undefined)
    .map(
      ([key, value]) =>
        ` ${key}="${escapeXml(typeof value === 'boolean' ? (value ? '1' : '0') : String(value))}"`,
    )
    .join('');
  return children.length === 0 ? `<${name}${text}/>` : `<${name}${text}>${children.join('')}</${name}>`;
};

const PROLOG = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';
const bool = (value: boolean | undefined) => (value === undefined ? undefined : value ? 'true' : 'false');

const statusXml = (s: TSportEventStatus) =>
  xmlElement(
    'sport_event_status',
    {
      status: s.status,
      reporting: s.reporting,
      match_status: s.matchStatus,
      home_score: s.homeScore,
      away_score: s.awayScore,
    },
    [
      ...(s.clock
        ? [
            xmlElement('clock', {
              match_time: s.clock.matchTime,
              stoppage_time: s.clock.stoppageTime,
              stoppage_time_announced: s.clock.stoppageTimeAnnounced,
              remaining_time: s.clock.remainingTime,
              remaining_time_in_period: s.clock.remainingTimeInPeriod,
              stopped: bool(s.clock.stopped),
            }),
          ]
        : []),
      ...(s.periodScores.length > 0
        ? [
            xmlElement(
              'period_scores',
              {},
              s.periodScores.map((p) =>
                xmlElement('period_score', {
                  match_status_code: p.matchStatusCode,
                  number: p.number,
                  home_score: p.homeScore,
                  away_score: p.awayScore,
                }),
              ),
            ),
          ]
        : []),
      ...(s.results.length > 0
        ? [
            xmlElement(
              'results',
              {},
              s.results.map((r) =>
                xmlElement('result', {
                  match_status_code: r.matchStatusCode,
                  home_score: r.homeScore,
                  away_score: r.awayScore,
                }),
              ),
            ),
          ]
        : []),
    ],
  );

const oddsMarketXml = (m: TOddsMarket) =>
  xmlElement(
    'market',
    {
      id: m.id,
      specifiers: m.specifiers || undefined,
      extended_specifiers: m.extendedSpecifiers,
      status: m.status,
      favourite: m.favourite ? 1 : undefined,
    },
    [
      ...(m.nextBetstop === undefined
        ? []
        : [xmlElement('market_metadata', { next_betstop: m.nextBetstop })]),
      ...m.outcomes.map((o) =>
        xmlElement('outcome', { id: o.id, odds: o.odds, probabilities: o.probabilities, active: o.active }),
      ),
    ],
  );

const settlementMarketXml = (m: TSettlementMarket) =>
  xmlElement(
    'market',
    { id: m.id, specifiers: m.specifiers || undefined, void_reason: m.voidReason },
    m.outcomes.map((o) =>
      xmlElement('outcome', {
        id: o.id,
        result: o.result,
        void_factor: o.voidFactor,
        dead_heat_factor: o.deadHeatFactor,
      }),
    ),
  );

const refXml = (m: TMarketRef) =>
  xmlElement('market', { id: m.id, specifiers: m.specifiers || undefined, void_reason: m.voidReason });

const bodyOf = (m: TUofMessage): string => {
  switch (m.type) {
    case 'alive':
      return xmlElement('alive', { product: m.product, timestamp: m.timestamp, subscribed: m.subscribed });
    case 'snapshot_complete':
      return xmlElement('snapshot_complete', {
        request_id: m.requestId,
        product: m.product,
        timestamp: m.timestamp,
      });
    default:
  }
  const head = { product: m.product, event_id: m.eventId, timestamp: m.timestamp, request_id: m.requestId };
  switch (m.type) {
    case 'odds_change':
      return xmlElement('odds_change', { ...head, odds_change_reason: m.oddsChangeReason }, [
        ...(m.sportEventStatus ? [statusXml(m.sportEventStatus)] : []),
        xmlElement(
          'odds',
          { betting_status: m.bettingStatus, betstop_reason: m.betstopReason },
          m.markets.map(oddsMarketXml),
        ),
      ]);
    case 'bet_stop':
      return xmlElement('bet_stop', { ...head, groups: m.groups.join('|'), market_status: m.marketStatus });
    case 'bet_settlement':
      return xmlElement('bet_settlement', { ...head, certainty: m.certainty }, [
        xmlElement('outcomes', {}, m.markets.map(settlementMarketXml)),
      ]);
    case 'rollback_bet_settlement':
      return xmlElement('rollback_bet_settlement', head, m.markets.map(refXml));
    case 'bet_cancel':
      return xmlElement(
        'bet_cancel',
        { ...head, start_time: m.startTime, end_time: m.endTime, superceded_by: m.supercededBy },
        m.markets.map(refXml),
      );
    case 'rollback_bet_cancel':
      return xmlElement(
        'rollback_bet_cancel',
        { ...head, start_time: m.startTime, end_time: m.endTime },
        m.markets.map(refXml),
      );
    case 'fixture_change':
      return xmlElement('fixture_change', {
        ...head,
        change_type: m.changeType,
        start_time: m.startTime,
        next_live_time: m.nextLiveTime,
      });
  }
};

export const buildUofXml = (message: TUofMessage) => `${PROLOG}\n${bodyOf(message)}`;
