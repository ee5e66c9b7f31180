/**
 * The Unified Odds Feed wired into the book (issue 38): the adapter (uof/adapter.ts: consumer, producers' monitor
 * and recovery, per-event order in sb_uof_event_order) hands each event message to `apply`, which turns it into
 * the book's feed messages (uof-translate.ts) and applies them with the JSON feed's code (feed.ts
 * processFeedMessageIn) in the transaction of the message's order claim: one apply, one settlement engine, exactly
 * once. A new event's fixture is fetched from the REST API in the message's turn, before its transaction, and
 * again at a fixture_change. A producer down suspends the markets of its events (LO: live ones, Ctrl: pre-match
 * ones) until its recovery's snapshot_complete; the recovered odds are applied meanwhile and show when it is up.
 * The market descriptions of every site locale are loaded at start and refreshed periodically (and soon after a
 * market no description knows arrives).
 */
import type { TEventStatus } from '@casino/contracts/calls/sportsbook';
import { AVAILABLE_LOCALES } from '@casino/contracts/countries';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import type { TAppContext } from '../../platform/context.ts';
import type { TExecutor } from '../../platform/db/database.ts';
import { queryRows } from '../ledger/index.ts';
import { afterFeedCommit, ODDS_CHANGED, processFeedMessageIn, type TProcessed } from './feed.ts';
import type { TFeedMessage } from './feed-messages.ts';
import { marketDescriptions } from './market-descriptions.ts';
import { createUofAdapter } from './uof/adapter.ts';
import { createUofConsumer, type TAmqpConnect } from './uof/amqp.ts';
import { sqlOrderStore, type TVerdict } from './uof/event-order.ts';
import { PRODUCT, type TUofEventMessage } from './uof/message-types.ts';
import { createProducerMonitor } from './uof/producers.ts';
import { createUofRestClient } from './uof/rest-client.ts';
import type { TFixture } from './uof/rest-types.ts';
import { bindingKeys } from './uof/routing-keys.ts';
import {
  betStopOf,
  cancelOf,
  fixtureOf,
  oddsChangeOf,
  rollbackSettlementOf,
  settlementOf,
} from './uof-translate.ts';

/** How often the descriptions are fetched again; and the least time between two fetches a new market asks. */
export const DESCRIPTIONS_REFRESH_MS = 6 * 3_600_000;
const DESCRIPTIONS_ASK_MS = 5 * 60_000;

export interface TUofBookOptions {
  amqpUrl: string;
  apiUrl: string;
  accessToken?: string;
  nodeId?: number;
  /** `unifiedfeed` unless a test gives its own. */
  exchange?: string;
  /** amqplib's connect unless given (the PGlite suite's in-memory broker). */
  connect?: TAmqpConnect;
  locales?: readonly string[];
  descriptionsRefreshMs?: number;
  /** The producers' alive watchdog period (ms). */
  tickMs?: number;
  backoff?: { initialMs: number; maxMs: number };
}

/** The events each producer prices: LO the live ones, Ctrl those not started. */
const OWNED: Record<number, ReturnType<typeof sql>> = {
  [PRODUCT.liveOdds]: sql`e.status in ('live', 'suspended')`,
  [PRODUCT.ctrl]: sql`e.status = 'not_started'`,
};

export const createUofBook = (app: FastifyInstance, ctx: TAppContext, options: TUofBookOptions) => {
  const log = { info: (m: string) => app.log.info(m), warn: (m: string) => app.log.warn(m) };
  const locales = options.locales ?? AVAILABLE_LOCALES;
  const rest = createUofRestClient({
    apiUrl: options.apiUrl,
    ...(options.accessToken ? { accessToken: options.accessToken } : {}),
  });
  const consumer = createUofConsumer({
    url: options.amqpUrl,
    bindingKeys: bindingKeys(options.nodeId),
    ...(options.exchange ? { exchange: options.exchange } : {}),
    ...(options.connect ? { connect: options.connect } : {}),
    ...(options.backoff ? { backoff: options.backoff } : {}),
    log,
  });
  const monitor = createProducerMonitor({
    clock: ctx.providers.clock,
    aliveTimeoutMs: ctx.config.SPORTSBOOK_ALIVE_TIMEOUT_MS,
    requestRecovery: rest.requestRecovery,
    ...(options.nodeId === undefined ? {} : { nodeId: options.nodeId }),
  });
  /** Work started by the producers' events (suspensions), awaited by `idle` and `close`. */
  const pending = new Set<Promise<unknown>>();
  const track = (work: Promise<unknown>) => {
    const run = work.catch((error: Error) => log.warn(`uof: ${error.message}`));
    pending.add(run);
    void run.finally(() => pending.delete(run));
  };
  const stats = { applied: 0, duplicate: 0, stale: 0, skipped: 0 };

  // ---- the market descriptions ----
  let lastAsk = 0;
  const loadDescriptions = async () => {
    lastAsk = Date.now();
    for (const locale of locales) {
      try {
        marketDescriptions.set(locale, await rest.marketDescriptions(locale));
      } catch (error) {
        // A locale the API does not have shows English names; English missing is worth a warning.
        if (locale === 'en' || (error as { status?: number }).status !== 404)
          log.warn(`uof: market descriptions (${locale}): ${(error as Error).message}`);
      }
    }
  };
  const askDescriptions = () => {
    if (Date.now() - lastAsk >= DESCRIPTIONS_ASK_MS) track(loadDescriptions());
  };

  // ---- producers: their events' markets suspended while down ----
  const setSuspended = async (product: number, suspended: boolean) => {
    const owned = OWNED[product];
    if (!owned) return;
    const rows = await queryRows<{ event_id: string; market_id: number; specifiers: string }>(
      ctx.db,
      suspended
        ? sql`update sb_markets m set watchdog_suspended = true from sb_events e
               where e.id = m.event_id and ${owned} and not m.watchdog_suspended and m.status = 1
              returning m.event_id, m.market_id, m.specifiers`
        : sql`update sb_markets m set watchdog_suspended = false from sb_events e
               where e.id = m.event_id and ${owned} and m.watchdog_suspended
              returning m.event_id, m.market_id, m.specifiers`,
    );
    const byEvent = new Map<string, { id: number; specifiers: string }[]>();
    for (const row of rows)
      byEvent.set(row.event_id, [
        ...(byEvent.get(row.event_id) ?? []),
        { id: Number(row.market_id), specifiers: row.specifiers },
      ]);
    for (const [eventId, markets] of byEvent)
      await ctx.bus.publish(ODDS_CHANGED, { event_id: eventId, markets });
  };

  // ---- event messages ----
  /** Events known to be in the book (no fixture to fetch). */
  const known = new Set<string>();
  const fixtures = new WeakMap<TUofEventMessage, TFixture>();
  const done = new WeakMap<TUofEventMessage, { message: TFeedMessage; processed: TProcessed }[]>();

  const prepare = async (m: TUofEventMessage) => {
    if (m.type !== 'fixture_change') {
      if (known.has(m.eventId)) return;
      const rows = await queryRows(ctx.db, sql`select 1 as n from sb_events where id = ${m.eventId}`);
      if (rows.length > 0) {
        if (known.size > 100_000) known.clear();
        known.add(m.eventId);
        return;
      }
    }
    try {
      fixtures.set(m, await rest.fixture(m.eventId));
    } catch (error) {
      // Without it the message has nothing to attach to (a new event) or keeps the fixture it had; the event's
      // next message asks again.
      log.warn(`uof: no fixture for ${m.eventId} (${(error as Error).message})`);
    }
  };

  const eventMarkets = async (tx: TExecutor, eventId: string) =>
    (
      await queryRows<{ market_id: number; specifiers: string }>(
        tx,
        sql`select market_id, specifiers from sb_markets where event_id = ${eventId}`,
      )
    ).map((r) => ({ id: Number(r.market_id), specifiers: r.specifiers }));

  const translate = async (tx: TExecutor, m: TUofEventMessage): Promise<TFeedMessage | null> => {
    switch (m.type) {
      case 'odds_change':
        if (m.markets.some((market) => !marketDescriptions.knows(market.id))) askDescriptions();
        return oddsChangeOf(m);
      case 'bet_stop':
        return betStopOf(m, await eventMarkets(tx, m.eventId), marketDescriptions.groupsOf);
      case 'bet_settlement':
        return settlementOf(m);
      case 'rollback_bet_settlement':
        return rollbackSettlementOf(m);
      case 'bet_cancel':
      case 'rollback_bet_cancel':
        return cancelOf(m, m.markets.length > 0 ? [] : await eventMarkets(tx, m.eventId));
      case 'fixture_change':
        return null;
    }
  };

  const apply = async (m: TUofEventMessage, tx: TExecutor) => {
    const applied: { message: TFeedMessage; processed: TProcessed }[] = [];
    const run = async (message: TFeedMessage | null) => {
      if (message) applied.push({ message, processed: await processFeedMessageIn(ctx, tx, message) });
    };
    try {
      const fixture = fixtures.get(m);
      if (fixture) {
        const [row] = await queryRows<{ status: TEventStatus }>(
          tx,
          sql`select status from sb_events where id = ${m.eventId} for update`,
        );
        if (m.type === 'fixture_change' || !row) await run(fixtureOf(m, fixture, row?.status));
      }
      await run(await translate(tx, m));
    } catch (error) {
      if (!(error instanceof ZodError)) throw error;
      // Outside what the book takes (an id or a name too long, odds beyond 100,000): dropped, as the JSON feed
      // answers 400; the message counts as handled so it is not redelivered forever.
      log.warn(`uof: ${m.type} of ${m.eventId} not applied: ${error.issues[0]?.message ?? 'invalid'}`);
      stats.skipped += 1;
      return;
    }
    if (m.type === 'odds_change') {
      // Odds from a producer that is down (a recovery's snapshot) wait, suspended, for its snapshot_complete.
      const down = !monitor.isUp(m.product);
      await tx.execute(sql`update sb_markets set watchdog_suspended = ${down}
        where event_id = ${m.eventId} and watchdog_suspended <> ${down}`);
    }
    done.set(m, applied);
  };

  const onVerdict = async (m: TUofEventMessage, verdict: TVerdict) => {
    stats[verdict === 'apply' ? 'applied' : verdict] += 1;
    if (verdict !== 'apply') return;
    for (const { message, processed } of done.get(m) ?? []) {
      if (message.type === 'fixture') known.add(message.event_id);
      await afterFeedCommit(ctx, message, processed);
    }
  };

  const adapter = createUofAdapter({
    consumer,
    monitor,
    store: sqlOrderStore(ctx.db, ctx.providers.clock),
    apply,
    prepare,
    onVerdict,
    log,
    ...(options.tickMs === undefined ? {} : { tickMs: options.tickMs }),
  });
  adapter.onProducerDown((product) => track(setSuspended(product, true)));
  adapter.onProducerUp((product) => track(setSuspended(product, false)));

  let refresher: ReturnType<typeof setInterval> | undefined;
  return {
    /**
     * Suspends every producer's markets (each is down until its recovery completes), loads the descriptions and
     * connects; resolves at the first connection.
     */
    async start() {
      await setSuspended(PRODUCT.liveOdds, true);
      await setSuspended(PRODUCT.ctrl, true);
      await loadDescriptions();
      refresher = setInterval(
        () => track(loadDescriptions()),
        options.descriptionsRefreshMs ?? DESCRIPTIONS_REFRESH_MS,
      );
      refresher.unref();
      await adapter.start();
    },
    async close() {
      if (refresher) clearInterval(refresher);
      refresher = undefined;
      await adapter.close();
      await Promise.allSettled([...pending]);
    },
    /** Resolves when the work the producers' events started is done (tests). */
    idle: async () => {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
    monitor,
    consumer,
    stats,
    loadDescriptions,
  };
};

export type TUofBook = ReturnType<typeof createUofBook>;
