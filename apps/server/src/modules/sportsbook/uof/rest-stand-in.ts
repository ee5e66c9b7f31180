/**
 * A stand-in for UOF's REST API (tests; later the demo): node:http on a free port, serving the fixtures and the
 * market descriptions it was given as XML written from the published schemas, answering recovery requests as the
 * API does and recording them. Every call must carry the access token it was started with.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { xmlElement } from './build-message.ts';
import { PRODUCT_PATHS } from './rest-client.ts';
import type { TFixture, TMarketDescription } from './rest-types.ts';

const PROLOG = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';
const SPORTS_API_NS = 'http://schemas.sportradar.com/sportsapi/v1/unified';

const xsBoolean = (value: boolean | undefined) => (value === undefined ? undefined : String(value));

/** A fixtures_fixture document for one event, as /v1/sports/{lang}/sport_events/{urn}/fixture.xml answers. */
export const fixtureXml = (f: TFixture) =>
  `${PROLOG}\n${xmlElement(
    'fixtures_fixture',
    { xmlns: SPORTS_API_NS, generated_at: '2026-11-21T12:00:00+00:00' },
    [
      xmlElement(
        'fixture',
        {
          start_time_confirmed: xsBoolean(f.startTimeConfirmed),
          start_time: f.startTime,
          liveodds: f.liveOdds,
          status: f.status,
          next_live_time: f.nextLiveTime,
          id: f.id,
          name: f.name,
          scheduled: f.scheduled,
          start_time_tbd: xsBoolean(f.startTimeTbd),
          replaced_by: f.replacedBy,
        },
        [
          xmlElement('tournament', { id: f.tournament.id, name: f.tournament.name }, [
            xmlElement('sport', { id: f.sport.id, name: f.sport.name }),
            ...(f.category
              ? [
                  xmlElement('category', {
                    id: f.category.id,
                    name: f.category.name,
                    country_code: f.category.countryCode,
                  }),
                ]
              : []),
          ]),
          xmlElement(
            'competitors',
            {},
            f.competitors.map((c) =>
              xmlElement('competitor', {
                qualifier: c.qualifier,
                id: c.id,
                name: c.name,
                abbreviation: c.abbreviation,
                country_code: c.countryCode,
              }),
            ),
          ),
          ...(f.venue ? [xmlElement('venue', { id: f.venue.id, name: f.venue.name })] : []),
          xmlElement(
            'extra_info',
            {},
            Object.entries(f.extraInfo).map(([key, value]) => xmlElement('info', { key, value })),
          ),
        ],
      ),
    ],
  )}`;

/** A market_descriptions document, as /v1/descriptions/{lang}/markets.xml answers. */
export const marketDescriptionsXml = (markets: TMarketDescription[]) =>
  `${PROLOG}\n${xmlElement(
    'market_descriptions',
    { response_code: 'OK' },
    markets.map((m) =>
      xmlElement(
        'market',
        {
          id: m.id,
          name: m.name,
          groups: m.groups.join('|'),
          variant: m.variant,
          includes_outcomes_of_type: m.includesOutcomesOfType,
          outcome_type: m.outcomeType,
        },
        [
          ...(m.outcomes.length > 0
            ? [
                xmlElement(
                  'outcomes',
                  {},
                  m.outcomes.map((o) => xmlElement('outcome', { id: o.id, name: o.name })),
                ),
              ]
            : []),
          ...(m.specifiers.length > 0
            ? [
                xmlElement(
                  'specifiers',
                  {},
                  m.specifiers.map((s) => xmlElement('specifier', { name: s.name, type: s.type })),
                ),
              ]
            : []),
        ],
      ),
    ),
  )}`;

const responseXml = (code: string, message: string) =>
  `${PROLOG}\n<response response_code="${code}"><action>${message}</action></response>`;

export interface TRecordedRecovery {
  product: number;
  after?: number;
  requestId?: number;
  nodeId?: number;
}

export const startRestStandIn = async (options: {
  token: string;
  /** by event URN, then language */
  fixtures?: Record<string, Record<string, TFixture>>;
  /** by language */
  markets?: Record<string, TMarketDescription[]>;
}) => {
  const recoveries: TRecordedRecovery[] = [];
  const calls: { method: string; path: string }[] = [];
  /** The answer to the next recovery requests (e.g. 403 to test a refusal). */
  let recoveryStatus = 202;
  const productByPath = new Map(Object.entries(PRODUCT_PATHS).map(([id, path]) => [path, Number(id)]));

  const answer = (res: ServerResponse, status: number, body: string) => {
    res.writeHead(status, { 'content-type': 'application/xml; charset=utf-8' });
    res.end(body);
  };
  const route = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    calls.push({ method: req.method ?? '', path: `${url.pathname}${url.search}` });
    if (req.headers['x-access-token'] !== options.token)
      return answer(res, 403, responseXml('FORBIDDEN', 'Invalid or missing access token'));
    const fixture = /^\/v1\/sports\/([a-z-]+)\/sport_events\/([^/]+)\/fixture\.xml$/.exec(url.pathname);
    if (req.method === 'GET' && fixture) {
      const found = options.fixtures?.[decodeURIComponent(fixture[2] ?? '')]?.[fixture[1] ?? ''];
      return found
        ? answer(res, 200, fixtureXml(found))
        : answer(res, 404, responseXml('NOT_FOUND', 'No such sport event'));
    }
    const markets = /^\/v1\/descriptions\/([a-z-]+)\/markets\.xml$/.exec(url.pathname);
    if (req.method === 'GET' && markets) {
      const list = options.markets?.[markets[1] ?? ''];
      return list
        ? answer(res, 200, marketDescriptionsXml(list))
        : answer(res, 404, responseXml('NOT_FOUND', 'No descriptions in this language'));
    }
    const recovery = /^\/v1\/([a-z_]+)\/recovery\/initiate_request$/.exec(url.pathname);
    if (req.method === 'POST' && recovery) {
      const product = productByPath.get(recovery[1] ?? '');
      if (product === undefined) return answer(res, 404, responseXml('NOT_FOUND', 'No such producer'));
      const number = (name: string) =>
        url.searchParams.has(name) ? Number(url.searchParams.get(name)) : undefined;
      const recorded: TRecordedRecovery = { product };
      for (const [key, name] of [
        ['after', 'after'],
        ['requestId', 'request_id'],
        ['nodeId', 'node_id'],
      ] as const) {
        const value = number(name);
        if (value !== undefined) recorded[key] = value;
      }
      recoveries.push(recorded);
      return recoveryStatus === 202
        ? answer(res, 202, responseXml('ACCEPTED', 'Request for odds recovery accepted'))
        : answer(res, recoveryStatus, responseXml('FORBIDDEN', 'Too many requests'));
    }
    return answer(res, 404, responseXml('NOT_FOUND', 'No such endpoint'));
  };

  const server = createServer(route);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    recoveries,
    calls,
    setRecoveryStatus: (status: number) => {
      recoveryStatus = status;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
