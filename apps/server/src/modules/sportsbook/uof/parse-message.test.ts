/** Every UOF message type read from XML written after UnifiedFeed.xsd; what the schema refuses is refused clearly. */
import { describe, expect, it } from 'vitest';
import { buildUofXml } from './build-message.ts';
import type { TUofMessage } from './message-types.ts';
import { parseSpecifiers, parseUofMessage, tryParseUofMessage } from './parse-message.ts';
import { UofXmlError } from './xml.ts';

const PROLOG = '\uFEFF<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

describe('reading each message type', () => {
  it('odds_change: markets, outcomes with odds and active 0/1, the sport event status and its clock', () => {
    const xml = `${PROLOG}<odds_change product="1" event_id="sr:match:4242" timestamp="1764000000123" request_id="77">
      <sport_event_status status="1" reporting="1" match_status="7" home_score="2" away_score="1">
        <clock match_time="63:12" stoppage_time="1:00" stopped="false"/>
        <period_scores>
          <period_score match_status_code="6" number="1" home_score="1" away_score="1"/>
        </period_scores>
      </sport_event_status>
      <odds betting_status="1">
        <market id="1" status="1" favourite="1">
          <outcome id="1" odds="1.85" probabilities="0.51" active="1"/>
          <outcome id="2" odds="3.40" active="1"/>
          <outcome id="3" active="0"/>
        </market>
        <market id="18" specifiers="total=2.5" extended_specifiers="extra=1" status="-1">
          <market_metadata next_betstop="1764000300000"/>
          <outcome id="12" odds="2.05" active="1"/>
          <outcome id="13" odds="1.72" active="1"/>
        </market>
        <market id="18" specifiers="total=1.5" status="-3"/>
        <market id="40" specifiers="goalnr=3" status="1"><outcome id="sr:player:99" odds="7.5" active="1"/></market>
      </odds>
    </odds_change>`;
    expect(parseUofMessage(xml)).toEqual({
      type: 'odds_change',
      product: 1,
      eventId: 'sr:match:4242',
      timestamp: 1764000000123,
      requestId: 77,
      bettingStatus: 1,
      sportEventStatus: {
        status: 1,
        reporting: 1,
        matchStatus: 7,
        homeScore: 2,
        awayScore: 1,
        clock: { matchTime: '63:12', stoppageTime: '1:00', stopped: false },
        periodScores: [{ matchStatusCode: 6, number: 1, homeScore: 1, awayScore: 1 }],
        results: [],
      },
      markets: [
        {
          id: 1,
          specifiers: '',
          status: 1,
          favourite: true,
          outcomes: [
            { id: '1', odds: 1.85, probabilities: 0.51, active: true },
            { id: '2', odds: 3.4, active: true },
            { id: '3', active: false },
          ],
        },
        {
          id: 18,
          specifiers: 'total=2.5',
          extendedSpecifiers: 'extra=1',
          status: -1,
          nextBetstop: 1764000300000,
          outcomes: [
            { id: '12', odds: 2.05, active: true },
            { id: '13', odds: 1.72, active: true },
          ],
        },
        { id: 18, specifiers: 'total=1.5', status: -3, outcomes: [] },
        {
          id: 40,
          specifiers: 'goalnr=3',
          status: 1,
          outcomes: [{ id: 'sr:player:99', odds: 7.5, active: true }],
        },
      ],
    });
  });

  it('bet_stop: its groups and market status (suspended when absent)', () => {
    expect(
      parseUofMessage(
        '<bet_stop product="3" event_id="sr:match:1" timestamp="5" groups="all|score" market_status="0"/>',
      ),
    ).toEqual({
      type: 'bet_stop',
      product: 3,
      eventId: 'sr:match:1',
      timestamp: 5,
      groups: ['all', 'score'],
      marketStatus: 0,
    });
    expect(
      parseUofMessage('<bet_stop product="1" event_id="sr:match:1" timestamp="5" groups="all"/>'),
    ).toMatchObject({
      marketStatus: -1,
    });
  });

  it('bet_settlement: results, half voids, dead heats and the certainty', () => {
    const xml = `<bet_settlement product="1" event_id="sr:match:8" timestamp="1000" certainty="2">
      <outcomes>
        <market id="16" specifiers="hcp=-0.25" void_reason="2">
          <outcome id="1714" result="1" void_factor="0.5"/>
          <outcome id="1715" result="0" void_factor="0.5"/>
        </market>
        <market id="186"><outcome id="4" result="1" dead_heat_factor="0.5"/><outcome id="5" result="-1"/></market>
      </outcomes>
    </bet_settlement>`;
    expect(parseUofMessage(xml)).toEqual({
      type: 'bet_settlement',
      product: 1,
      eventId: 'sr:match:8',
      timestamp: 1000,
      certainty: 2,
      markets: [
        {
          id: 16,
          specifiers: 'hcp=-0.25',
          voidReason: 2,
          outcomes: [
            { id: '1714', result: 1, voidFactor: 0.5 },
            { id: '1715', result: 0, voidFactor: 0.5 },
          ],
        },
        {
          id: 186,
          specifiers: '',
          outcomes: [
            { id: '4', result: 1, deadHeatFactor: 0.5 },
            { id: '5', result: -1 },
          ],
        },
      ],
    });
  });

  it('rollback_bet_settlement, bet_cancel (its window and replacement) and rollback_bet_cancel', () => {
    expect(
      parseUofMessage(
        '<rollback_bet_settlement product="1" event_id="sr:match:8" timestamp="2000"><market id="16" specifiers="hcp=-0.25"/></rollback_bet_settlement>',
      ),
    ).toEqual({
      type: 'rollback_bet_settlement',
      product: 1,
      eventId: 'sr:match:8',
      timestamp: 2000,
      markets: [{ id: 16, specifiers: 'hcp=-0.25' }],
    });
    expect(
      parseUofMessage(
        `<bet_cancel product="3" event_id="sr:match:9" timestamp="3000" start_time="100" end_time="200" superceded_by="sr:match:10">
           <market id="1" void_reason="12"/><market id="18" specifiers="total=2.5"/>
         </bet_cancel>`,
      ),
    ).toEqual({
      type: 'bet_cancel',
      product: 3,
      eventId: 'sr:match:9',
      timestamp: 3000,
      startTime: 100,
      endTime: 200,
      supercededBy: 'sr:match:10',
      markets: [
        { id: 1, specifiers: '', voidReason: 12 },
        { id: 18, specifiers: 'total=2.5' },
      ],
    });
    expect(
      parseUofMessage(
        '<rollback_bet_cancel product="3" event_id="sr:match:9" timestamp="4000" start_time="100"><market id="1"/></rollback_bet_cancel>',
      ),
    ).toEqual({
      type: 'rollback_bet_cancel',
      product: 3,
      eventId: 'sr:match:9',
      timestamp: 4000,
      startTime: 100,
      markets: [{ id: 1, specifiers: '' }],
    });
  });

  it('fixture_change, alive and snapshot_complete', () => {
    expect(
      parseUofMessage(
        '<fixture_change product="3" event_id="sr:match:5" timestamp="9" change_type="2" start_time="1764003600000" status="0"/>',
      ),
    ).toEqual({
      type: 'fixture_change',
      product: 3,
      eventId: 'sr:match:5',
      timestamp: 9,
      changeType: 2,
      startTime: 1764003600000,
    });
    expect(parseUofMessage('<alive product="1" timestamp="1764000000000" subscribed="0"/>')).toEqual({
      type: 'alive',
      product: 1,
      timestamp: 1764000000000,
      subscribed: false,
    });
    expect(parseUofMessage('<snapshot_complete request_id="31" product="3" timestamp="12"/>')).toEqual({
      type: 'snapshot_complete',
      product: 3,
      timestamp: 12,
      requestId: 31,
    });
  });

  it('reads back what buildUofXml writes, for every type', () => {
    const messages: TUofMessage[] = [
      {
        type: 'odds_change',
        product: 1,
        eventId: 'sr:match:1',
        timestamp: 10,
        sportEventStatus: {
          status: 1,
          matchStatus: 6,
          homeScore: 0,
          awayScore: 0,
          clock: { matchTime: '12:00', stopped: true },
          periodScores: [],
          results: [{ matchStatusCode: 100, homeScore: 1, awayScore: 0 }],
        },
        markets: [
          {
            id: 1,
            specifiers: '',
            status: 1,
            outcomes: [
              { id: '1', odds: 2.1, active: true },
              { id: '2', active: false },
            ],
          },
          { id: 26, specifiers: 'total=2.5|periodnr=1', status: 0, outcomes: [] },
        ],
      },
      {
        type: 'bet_stop',
        product: 1,
        eventId: 'sr:match:1',
        timestamp: 11,
        groups: ['all'],
        marketStatus: -1,
      },
      {
        type: 'bet_settlement',
        product: 1,
        eventId: 'sr:match:1',
        timestamp: 12,
        requestId: 3,
        certainty: 1,
        markets: [{ id: 1, specifiers: '', outcomes: [{ id: '1', result: 1, deadHeatFactor: 0.25 }] }],
      },
      {
        type: 'rollback_bet_settlement',
        product: 1,
        eventId: 'sr:match:1',
        timestamp: 13,
        markets: [{ id: 1, specifiers: '' }],
      },
      {
        type: 'bet_cancel',
        product: 3,
        eventId: 'sr:stage:2',
        timestamp: 14,
        endTime: 5,
        markets: [{ id: 2, specifiers: '' }],
      },
      {
        type: 'rollback_bet_cancel',
        product: 3,
        eventId: 'sr:stage:2',
        timestamp: 15,
        markets: [{ id: 2, specifiers: '' }],
      },
      {
        type: 'fixture_change',
        product: 3,
        eventId: 'sr:match:1',
        timestamp: 16,
        startTime: 99,
        nextLiveTime: 98,
      },
      { type: 'alive', product: 3, timestamp: 17, subscribed: true },
      { type: 'snapshot_complete', product: 3, timestamp: 18, requestId: 4 },
    ];
    for (const message of messages) expect(parseUofMessage(buildUofXml(message))).toEqual(message);
  });
});

describe('refusing what the schema does not allow', () => {
  const refusal = (xml: string) => {
    const result = tryParseUofMessage(xml);
    expect(result.ok).toBe(false);
    return result.ok ? '' : result.error.message;
  };

  it('malformed XML is an error naming the place, never a crash', () => {
    expect(refusal('<odds_change product="1"><odds></odds_change>')).toMatch(/^malformed XML at line 1/);
    expect(refusal('')).toMatch(/malformed XML/);
    expect(refusal('not xml at all')).toMatch(/malformed XML/);
    expect(refusal('<alive product="1" timestamp="1" subscribed="1"/><alive/>')).toMatch(/one root element/);
    expect(refusal(Buffer.from([0xff, 0xfe, 0x00]) as unknown as string)).toMatch(/malformed XML/);
  });

  it('a message the feed does not have, missing and wrong attributes', () => {
    expect(refusal('<product_down product="1" timestamp="1"/>')).toBe('unknown UOF message <product_down>');
    expect(refusal('<alive product="1" timestamp="1"/>')).toBe('alive: attribute subscribed is missing');
    expect(refusal('<alive product="1" timestamp="soon" subscribed="1"/>')).toBe(
      'alive: attribute timestamp "soon" is not an integer',
    );
    expect(refusal('<bet_stop product="1" event_id="match 1" timestamp="1" groups="all"/>')).toMatch(
      /bet_stop: attribute event_id "match 1" is not a URN/,
    );
    expect(
      refusal(
        '<odds_change product="1" event_id="sr:match:1" timestamp="1"><odds><market id="1" status="1"><outcome id="1" odds="1.5" active="2"/></market></odds></odds_change>',
      ),
    ).toBe('odds_change/odds/market[0]/outcome[0]: attribute active "2" is not one of 1, 0');
    expect(
      refusal(
        '<odds_change product="1" event_id="sr:match:1" timestamp="1"><odds><market id="1" status="7"/></odds></odds_change>',
      ),
    ).toBe('odds_change/odds/market[0]: attribute status "7" is not one of 1, 0, -1, -2, -3, -4');
    expect(
      refusal(
        '<bet_settlement product="1" event_id="sr:match:1" timestamp="1"><outcomes><market id="1"><outcome id="1" result="1" void_factor="0.3"/></market></outcomes></bet_settlement>',
      ),
    ).toBe('bet_settlement/outcomes/market[0]/outcome[0]: attribute void_factor "0.3" is not one of 0.5, 1');
    expect(
      refusal(
        '<bet_settlement product="1" event_id="sr:match:1" timestamp="1"><outcomes><market id="1"><outcome id="1" result="1" dead_heat_factor="1.5"/></market></outcomes></bet_settlement>',
      ),
    ).toMatch(/dead_heat_factor "1.5" is not in \(0, 1\]/);
    expect(refusal('<bet_settlement product="1" event_id="sr:match:1" timestamp="1"/>')).toBe(
      'bet_settlement: element outcomes is missing',
    );
    expect(
      refusal(
        '<bet_cancel product="1" event_id="sr:match:1" timestamp="1"><market id="1" specifiers="total"/></bet_cancel>',
      ),
    ).toMatch(/specifier "total" is not name=value/);
  });

  it('throws UofXmlError from parseUofMessage', () => {
    expect(() => parseUofMessage('<alive/>')).toThrow(UofXmlError);
  });
});

it('reads specifiers into a record', () => {
  expect(parseSpecifiers('setnr=3|gamenr=2|variant=sr:exact_goals:4+')).toEqual({
    setnr: '3',
    gamenr: '2',
    variant: 'sr:exact_goals:4+',
  });
  expect(parseSpecifiers('')).toEqual({});
});
