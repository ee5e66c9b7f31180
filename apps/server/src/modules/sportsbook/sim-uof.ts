/**
 * The feed simulator speaking UOF (when UOF_AMQP_URL is set, so a demo runs the whole path: simulator → broker →
 * adapter → book): its messages as UOF XML published on the broker under Sportradar's routing keys (LO for live
 * events, Ctrl for the others), and a stand-in of UOF's REST API under /uof-sim/v1/… (fixtures from the book,
 * market descriptions from content/sportsbook/market-descriptions.json, recovery requests answered with a snapshot
 * and its snapshot_complete; module.ts serves `rest` there). Point UOF_API_URL at http://<server>/uof-sim. Only
 * ever on with the simulator, which is part of the demo (DEMO_MODE=1 or outside production).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { TAppContext } from '../../platform/context.ts';
import { queryRows } from '../ledger/index.ts';
import { createUofPublisher, type TAmqpConnect } from './uof/amqp.ts';
import { PRODUCT, type TSportEventStatus, type TUofMessage } from './uof/message-types.ts';
import { PRODUCT_PATHS } from './uof/rest-client.ts';
import { fixtureXml, marketDescriptionsXml } from './uof/rest-stand-in.ts';
import type { TFixture, TMarketDescription } from './uof/rest-types.ts';
import { routingKeyFor } from './uof/routing-keys.ts';
import { SPORT_KEYS } from './uof-translate.ts';

export const SIM_UOF_PREFIX = '/uof-sim';

const SPORT_IDS = Object.fromEntries(
  Object.entries(SPORT_KEYS).map(([urn, key]) => [key, Number(urn.split(':')[2])]),
);
const EVENT_STATUS_CODES: Record<string, TSportEventStatus['status']> = {
  not_started: 0,
  live: 1,
  suspended: 2,
  ended: 3,
  closed: 4,
  cancelled: 5,
};

export const readMarketDescriptions = (contentDir: string): Record<string, TMarketDescription[]> =>
  (
    JSON.parse(readFileSync(join(contentDir, 'sportsbook', 'market-descriptions.json'), 'utf8')) as {
      markets: Record<string, TMarketDescription[]>;
    }
  ).markets;

/** A simulator event id as a URN (UOF's routing keys need a numeric id). */
export const simUrn = (now: number, seq: number) => `sim:match:${now}${String(seq % 1000).padStart(3, '0')}`;

interface TSimFixture {
  id: string;
  sport: string;
  tournament: string;
  competitors: { id: string; name: string }[];
  start_time: string | Date;
  status: string;
}

const fixtureOf = (f: TSimFixture): TFixture => ({
  id: f.id,
  name: f.competitors.map((c) => c.name).join(' vs. '),
  scheduled: new Date(f.start_time).toISOString(),
  startTime: new Date(f.start_time).toISOString(),
  status: f.status,
  liveOdds: 'booked',
  sport: { id: `sr:sport:${SPORT_IDS[f.sport] ?? 0}`, name: f.sport },
  tournament: { id: 'sr:tournament:1', name: f.tournament },
  competitors: f.competitors.map((c, i) => ({
    id: c.id,
    name: c.name,
    qualifier: i === 0 ? 'home' : 'away',
  })),
  extraInfo: {},
});

type TJson = Record<string, unknown>;

/** The simulator's message (the JSON feed's shape) as the UOF message Sportradar would send. */
export const uofMessageOf = (message: TJson, product: number, requestId?: number): TUofMessage | null => {
  const base = {
    product,
    eventId: String(message.event_id),
    timestamp: Number(message.timestamp),
    ...(requestId === undefined ? {} : { requestId }),
  };
  switch (message.type) {
    case 'odds_change': {
      const score = message.score as { home: number; away: number } | undefined;
      const clock = message.clock as TJson | undefined;
      const status = message.event_status as string | undefined;
      const told = status !== undefined || score !== undefined || clock !== undefined;
      const markets = (message.markets ?? []) as {
        id: number;
        specifiers: string;
        status: 1 | 0 | -1;
        outcomes: { id: string; odds: number; active: boolean }[];
      }[];
      return {
        type: 'odds_change',
        ...base,
        ...(told
          ? {
              sportEventStatus: {
                status: EVENT_STATUS_CODES[status ?? 'live'] ?? 1,
                matchStatus: Number(clock?.match_status ?? (status === 'ended' ? 100 : 20)),
                ...(score ? { homeScore: score.home, awayScore: score.away } : {}),
                ...(clock
                  ? {
                      clock: {
                        ...(clock.match_time ? { matchTime: String(clock.match_time) } : {}),
                        ...(clock.remaining_time_in_period
                          ? { remainingTimeInPeriod: String(clock.remaining_time_in_period) }
                          : {}),
                        stopped: clock.stopped === true,
                      },
                    }
                  : {}),
                periodScores: [],
                results: [],
              },
            }
          : {}),
        markets: markets.map((m) => ({
          id: m.id,
          specifiers: m.specifiers,
          status: m.status,
          outcomes: m.outcomes.map((o) => ({ id: o.id, odds: o.odds, active: o.active })),
        })),
      };
    }
    case 'bet_stop':
      return { type: 'bet_stop', ...base, groups: ['all'], marketStatus: -1 };
    case 'bet_settlement': {
      const markets = message.markets as {
        id: number;
        specifiers: string;
        outcomes: { id: string; result: 0 | 1; void_factor?: 0.5 | 1; dead_heat_factor?: number }[];
      }[];
      return {
        type: 'bet_settlement',
        ...base,
        certainty: 2,
        markets: markets.map((m) => ({
          id: m.id,
          specifiers: m.specifiers,
          outcomes: m.outcomes.map((o) => ({
            id: o.id,
            result: o.result,
            ...(o.void_factor ? { voidFactor: o.void_factor } : {}),
            ...(o.dead_heat_factor !== undefined && o.dead_heat_factor !== 1
              ? { deadHeatFactor: o.dead_heat_factor }
              : {}),
          })),
        })),
      };
    }
    default:
      return null;
  }
};

export interface TSimUofSink {
  rest(method: string, path: string, token: unknown): Promise<{ status: number; body: string }>;
  /** Publishes a simulator message (fixtures are kept for the REST stand-in, not published). */
  send(message: TJson): Promise<void>;
  /** Publishes an alive of each producer. */
  alive(timestamp: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * The broker side and the REST stand-in. `snapshot(product, requestId)` is the simulator's: it sends the current
 * odds of that producer's events with the request's id; the snapshot_complete follows.
 */
export const createSimUof = (
  app: FastifyInstance,
  ctx: TAppContext,
  options: {
    url: string;
    exchange?: string;
    connect?: TAmqpConnect;
    descriptions: Record<string, TMarketDescription[]>;
    snapshot: (product: number, send: (message: TJson) => Promise<void>) => Promise<void>;
  },
): TSimUofSink => {
  let publisher: Awaited<ReturnType<typeof createUofPublisher>> | undefined;
  const fixtures = new Map<string, TSimFixture>();
  /** Events the simulator plays live (LO's); the others are Ctrl's. */
  const live = new Set<string>();
  const sportOf = new Map<string, string>();

  const publish = async (message: TUofMessage, nodeId?: number) => {
    publisher ??= await createUofPublisher({
      url: options.url,
      ...(options.exchange ? { exchange: options.exchange } : {}),
      ...(options.connect ? { connect: options.connect } : {}),
    });
    const sport = 'eventId' in message ? sportOf.get(message.eventId) : undefined;
    try {
      await publisher.publishMessage(message, {
        ...(sport && SPORT_IDS[sport] ? { sportId: SPORT_IDS[sport] } : {}),
        ...(nodeId === undefined ? {} : { nodeId }),
      });
    } catch (error) {
      // The next message connects again.
      await publisher.close();
      publisher = undefined;
      throw error;
    }
  };

  const productOf = (message: TJson) => {
    const id = String(message.event_id);
    if (message.event_status === 'live' || message.score !== undefined) live.add(id);
    if (message.event_status === 'closed') live.delete(id);
    return live.has(id) ? PRODUCT.liveOdds : PRODUCT.ctrl;
  };

  const sendAs = async (message: TJson, requestId?: number, nodeId?: number) => {
    if (message.type === 'fixture') {
      const f = message as unknown as TSimFixture;
      fixtures.set(f.id ?? String(message.event_id), { ...f, id: String(message.event_id) });
      sportOf.set(String(message.event_id), f.sport);
      if (f.status === 'live') live.add(String(message.event_id));
      return;
    }
    const uof = uofMessageOf(message, productOf(message), requestId);
    if (uof) await publish(uof, nodeId);
  };

  const fixtureFromBook = async (urn: string): Promise<TSimFixture | undefined> => {
    const known = fixtures.get(urn);
    if (known) return known;
    const [row] = await queryRows<TSimFixture & { competitors: string | TSimFixture['competitors'] }>(
      ctx.db,
      sql`select id, sport, tournament, competitors, start_time, status from sb_events where id = ${urn}`,
    );
    if (!row) return undefined;
    return {
      ...row,
      competitors: typeof row.competitors === 'string' ? JSON.parse(row.competitors) : row.competitors,
    };
  };

  const response = (code: string, text: string) =>
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<response response_code="${code}"><action>${text}</action></response>`;
  const productByPath = new Map(Object.entries(PRODUCT_PATHS).map(([id, path]) => [path, Number(id)]));

  /** One REST call (`path` under /uof-sim, with its query): the answer's status and XML. */
  const rest = async (
    method: string,
    path: string,
    token: unknown,
  ): Promise<{ status: number; body: string }> => {
    const expected = ctx.config.UOF_ACCESS_TOKEN;
    if (expected && token !== expected)
      return { status: 403, body: response('FORBIDDEN', 'Invalid or missing access token') };
    const url = new URL(path, 'http://uof-sim');
    const fixture = /^\/v1\/sports\/[a-z-]+\/sport_events\/([^/]+)\/fixture\.xml$/.exec(url.pathname);
    if (method === 'GET' && fixture) {
      const found = await fixtureFromBook(decodeURIComponent(fixture[1] ?? ''));
      return found
        ? { status: 200, body: fixtureXml(fixtureOf(found)) }
        : { status: 404, body: response('NOT_FOUND', 'No such sport event') };
    }
    const markets = /^\/v1\/descriptions\/([a-z-]+)\/markets\.xml$/.exec(url.pathname);
    if (method === 'GET' && markets) {
      const list = options.descriptions[markets[1] ?? ''];
      return list
        ? { status: 200, body: marketDescriptionsXml(list) }
        : { status: 404, body: response('NOT_FOUND', 'No descriptions in this language') };
    }
    const recovery = /^\/v1\/([a-z_]+)\/recovery\/initiate_request$/.exec(url.pathname);
    const requestId = Number(url.searchParams.get('request_id'));
    const product = productByPath.get(recovery?.[1] ?? '');
    if (method === 'POST' && product !== undefined && Number.isSafeInteger(requestId)) {
      const node = url.searchParams.get('node_id');
      const nodeId = node === null ? undefined : Number(node);
      // Answered at once; the snapshot follows over the broker, as Sportradar's does.
      setImmediate(() => {
        options
          .snapshot(product, (message) => sendAs(message, requestId, nodeId))
          .then(() =>
            publish(
              {
                type: 'snapshot_complete',
                product,
                timestamp: ctx.providers.clock.now().getTime(),
                requestId,
              },
              nodeId,
            ),
          )
          .catch((error: Error) => app.log.warn(`uof-sim: the snapshot failed: ${error.message}`));
      });
      return { status: 202, body: response('ACCEPTED', 'Request for odds recovery accepted') };
    }
    return { status: 404, body: response('NOT_FOUND', 'No such endpoint') };
  };

  return {
    rest,
    send: (message) => sendAs(message),
    async alive(timestamp) {
      for (const product of [PRODUCT.liveOdds, PRODUCT.ctrl])
        await publish({ type: 'alive', product, timestamp, subscribed: true });
    },
    async close() {
      await publisher?.close();
      publisher = undefined;
    },
  };
};
