/** The REST client against the stand-in: fixtures, market descriptions, recovery requests, the token, errors. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUofRestClient, UofRestError } from './rest-client.ts';
import { startRestStandIn } from './rest-stand-in.ts';
import type { TFixture, TMarketDescription } from './rest-types.ts';
import { parseFixture, parseMarketDescriptions } from './rest-types.ts';

const TOKEN = 'stand-in-token-1';

const DERBY: TFixture = {
  id: 'sr:match:4242',
  scheduled: '2026-11-21T18:00:00+00:00',
  startTime: '2026-11-21T18:00:00+00:00',
  startTimeConfirmed: true,
  status: 'not_started',
  liveOdds: 'booked',
  sport: { id: 'sr:sport:1', name: 'Soccer' },
  category: { id: 'sr:category:1', name: 'England', countryCode: 'ENG' },
  tournament: { id: 'sr:tournament:17', name: 'Premier League' },
  competitors: [
    { id: 'sr:competitor:1', name: 'Lions & Co', abbreviation: 'LIO', qualifier: 'home' },
    { id: 'sr:competitor:2', name: 'Tigers', abbreviation: 'TIG', qualifier: 'away' },
  ],
  venue: { id: 'sr:venue:9', name: 'Den' },
  extraInfo: { period_length: '45', neutral_ground: 'false' },
};

const MARKETS: TMarketDescription[] = [
  {
    id: 1,
    name: '1x2',
    groups: ['all', 'score', 'regular_play'],
    outcomes: [
      { id: '1', name: '{$competitor1}' },
      { id: '2', name: 'draw' },
      { id: '3', name: '{$competitor2}' },
    ],
    specifiers: [],
  },
  {
    id: 18,
    name: 'Total',
    groups: ['all', 'score'],
    outcomes: [
      { id: '12', name: 'over {total}' },
      { id: '13', name: 'under {total}' },
    ],
    specifiers: [{ name: 'total', type: 'decimal' }],
  },
  {
    id: 16,
    name: 'Handicap',
    groups: ['all'],
    outcomes: [
      { id: '1714', name: '{$competitor1} ({+hcp})' },
      { id: '1715', name: '{$competitor2} ({-hcp})' },
    ],
    specifiers: [{ name: 'hcp', type: 'decimal' }],
  },
];

let standIn: Awaited<ReturnType<typeof startRestStandIn>>;
beforeAll(async () => {
  standIn = await startRestStandIn({
    token: TOKEN,
    fixtures: {
      [DERBY.id]: {
        en: DERBY,
        de: { ...DERBY, tournament: { ...DERBY.tournament, name: 'Premier League (EN)' } },
      },
    },
    markets: {
      en: MARKETS,
      de: [{ ...MARKETS[1]!, name: 'Gesamt', outcomes: [{ id: '12', name: 'über {total}' }] }],
    },
  });
});
afterAll(() => standIn.close());

const client = (token = TOKEN) => createUofRestClient({ apiUrl: `${standIn.url}/`, accessToken: token });

describe('the REST client', () => {
  it('fetches a fixture by its URN, in a language, with the access token', async () => {
    expect(await client().fixture(DERBY.id)).toEqual(DERBY);
    expect((await client().fixture(DERBY.id, 'de')).tournament.name).toBe('Premier League (EN)');
    expect(standIn.calls.at(-1)).toEqual({
      method: 'GET',
      path: '/v1/sports/de/sport_events/sr%3Amatch%3A4242/fixture.xml',
    });
  });

  it('fetches the market descriptions with their templates', async () => {
    expect(await client().marketDescriptions('en')).toEqual(MARKETS);
    expect((await client().marketDescriptions('de'))[0]?.outcomes).toEqual([
      { id: '12', name: 'über {total}' },
    ]);
  });

  it('asks for a recovery with after, request_id and node_id, and a full one without after', async () => {
    await client().requestRecovery({ product: 1, after: 1764000000000, requestId: 5, nodeId: 7 });
    await client().requestRecovery({ product: 3, requestId: 6 });
    expect(standIn.recoveries.slice(-2)).toEqual([
      { product: 1, after: 1764000000000, requestId: 5, nodeId: 7 },
      { product: 3, requestId: 6 },
    ]);
    expect(standIn.calls.at(-1)).toEqual({
      method: 'POST',
      path: '/v1/pre/recovery/initiate_request?request_id=6',
    });
  });

  it('fails with the call and the status: a wrong token, an unknown event, a refused recovery', async () => {
    await expect(client('wrong').fixture(DERBY.id)).rejects.toThrow(
      /GET \/v1\/sports\/en\/.*fixture.xml: HTTP 403 \(Invalid or missing access token\)/,
    );
    const missing = await client()
      .fixture('sr:match:1')
      .catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(UofRestError);
    expect((missing as UofRestError).status).toBe(404);
    standIn.setRecoveryStatus(403);
    await expect(client().requestRecovery({ product: 1, requestId: 9 })).rejects.toThrow(
      /HTTP 403 \(Too many requests\)/,
    );
    standIn.setRecoveryStatus(202);
    await expect(client().requestRecovery({ product: 2, requestId: 9 })).rejects.toThrow(
      /no API path known for product 2/,
    );
  });

  it('an unreachable API or a body that is not the schema is a UofRestError too', async () => {
    const down = createUofRestClient({ apiUrl: 'http://127.0.0.1:1', accessToken: TOKEN, timeoutMs: 2000 });
    await expect(down.marketDescriptions()).rejects.toBeInstanceOf(UofRestError);
    const wrong = createUofRestClient({
      apiUrl: 'http://api.example',
      fetch: async () => new Response('<market_descriptions><market id="x" name="n"/></market_descriptions>'),
    });
    await expect(wrong.marketDescriptions()).rejects.toThrow(
      'GET /v1/descriptions/en/markets.xml: market_descriptions/market[0]: attribute id "x" is not an integer',
    );
  });
});

describe('the REST documents', () => {
  it('reads a fixture written as the Sports API sends it (namespace, reference ids and all)', () => {
    const xml = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
      <fixtures_fixture xmlns="http://schemas.sportradar.com/sportsapi/v1/unified" generated_at="2026-11-20T10:00:00+00:00">
        <fixture start_time_confirmed="false" liveodds="not_available" status="postponed" id="sr:match:77" scheduled="2026-11-22T15:00:00+00:00" start_time_tbd="true">
          <tournament_round type="group" number="12"/>
          <tournament id="sr:tournament:8" name="Cup"><sport id="sr:sport:2" name="Basketball"/></tournament>
          <competitors>
            <competitor qualifier="home" id="sr:competitor:5" name="Home Side" abbreviation="HOM">
              <reference_ids><reference_id name="betradar" value="1"/></reference_ids>
            </competitor>
            <competitor qualifier="away" id="sr:competitor:6" name="Away Side" abbreviation="AWA"/>
          </competitors>
          <tv_channels/>
          <extra_info><info key="overtime_length" value="5"/></extra_info>
        </fixture>
      </fixtures_fixture>`;
    expect(parseFixture(xml)).toEqual({
      id: 'sr:match:77',
      scheduled: '2026-11-22T15:00:00+00:00',
      startTimeConfirmed: false,
      startTimeTbd: true,
      status: 'postponed',
      liveOdds: 'not_available',
      sport: { id: 'sr:sport:2', name: 'Basketball' },
      tournament: { id: 'sr:tournament:8', name: 'Cup' },
      competitors: [
        { id: 'sr:competitor:5', name: 'Home Side', abbreviation: 'HOM', qualifier: 'home' },
        { id: 'sr:competitor:6', name: 'Away Side', abbreviation: 'AWA', qualifier: 'away' },
      ],
      extraInfo: { overtime_length: '5' },
    });
    expect(() => parseFixture('<response response_code="NOT_FOUND"/>')).toThrow(
      'expected <fixtures_fixture>, got <response>',
    );
  });

  it('reads variant and player markets', () => {
    expect(
      parseMarketDescriptions(
        `<market_descriptions response_code="OK">
          <market id="40" name="Anytime goalscorer" groups="all|player" includes_outcomes_of_type="sr:player"/>
          <market id="21" name="Exact goals" groups="all" variant="sr:exact_goals:5+">
            <specifiers><specifier name="variant" type="variable_text"/></specifiers>
          </market>
        </market_descriptions>`,
      ),
    ).toEqual([
      {
        id: 40,
        name: 'Anytime goalscorer',
        groups: ['all', 'player'],
        outcomes: [],
        specifiers: [],
        includesOutcomesOfType: 'sr:player',
      },
      {
        id: 21,
        name: 'Exact goals',
        groups: ['all'],
        outcomes: [],
        specifiers: [{ name: 'variant', type: 'variable_text' }],
        variant: 'sr:exact_goals:5+',
      },
    ]);
  });
});
