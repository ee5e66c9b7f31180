/**
 * Applies one feed message to the book's model (events, markets, outcomes) in one transaction: a redelivered
 * message_id is acknowledged and ignored; a message older than the last one applied to a market leaves that market
 * alone (and older than the event's last fixture or status, the event). Settlements, rollbacks and cancels answer
 * the markets they changed; feed.ts queues, in the same transaction, the job that settles, reopens or voids the
 * bets on them (settle-queue.ts).
 */
import { sql } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/database.ts';
import { queryRows } from '../ledger/index.ts';
import { marginFor, offeredOdds } from './book-limits.ts';
import { deadHeatText, oddsThousandths, type TFeedMessage } from './feed-messages.ts';

export interface TMarketKey {
  eventId: string;
  marketId: number;
  specifiers: string;
}

export interface TApplyResult {
  duplicate: boolean;
  /** Markets whose settlement changed (bet_settlement, rollback_bet_settlement, bet_cancel). */
  markets: TMarketKey[];
  /** Markets whose prices or status changed (for the sockets). */
  changed: TMarketKey[];
}

type TMarketMessage = Extract<TFeedMessage, { event_id: string }>;

/** Takes the market row (creating it suspended when new) if the message is not older than its last one. */
const claimMarket = async (
  tx: TExecutor,
  eventId: string,
  market: { id: number; specifiers: string },
  ts: number,
  now: Date,
  create: boolean,
): Promise<boolean> => {
  if (create)
    await tx.execute(sql`insert into sb_markets (event_id, market_id, specifiers, status, last_ts, updated_at)
      values (${eventId}, ${market.id}, ${market.specifiers}, -1, -1, ${now}) on conflict do nothing`);
  const rows = await queryRows<{ n: number }>(
    tx,
    sql`update sb_markets set last_ts = ${ts}, updated_at = ${now}
        where event_id = ${eventId} and market_id = ${market.id} and specifiers = ${market.specifiers}
          and last_ts <= ${ts}
        returning 1 as n`,
  );
  return rows.length > 0;
};

/** The market has a settlement (an outcome with a result or a void factor). */
const isSettled = async (tx: TExecutor, eventId: string, market: { id: number; specifiers: string }) =>
  (
    await queryRows(
      tx,
      sql`select 1 as n from sb_outcomes
           where event_id = ${eventId} and market_id = ${market.id} and specifiers = ${market.specifiers}
             and (result is not null or void_halves is not null)
           limit 1`,
    )
  ).length > 0;

const eventExists = async (tx: TExecutor, eventId: string) =>
  (await queryRows(tx, sql`select 1 from sb_events where id = ${eventId} for update`)).length > 0;

const applyFixture = async (tx: TExecutor, m: Extract<TFeedMessage, { type: 'fixture' }>, now: Date) => {
  await tx.execute(sql`
    insert into sb_events (id, sport, tournament, competitors, start_time, status, last_ts, updated_at)
    values (${m.event_id}, ${m.sport}, ${m.tournament}, ${JSON.stringify(m.competitors)}::jsonb, ${new Date(m.start_time)},
            ${m.status}, ${m.timestamp}, ${now})
    on conflict (id) do update set sport = excluded.sport, tournament = excluded.tournament,
      competitors = excluded.competitors, start_time = excluded.start_time, status = excluded.status,
      last_ts = excluded.last_ts, updated_at = excluded.updated_at
    where sb_events.last_ts <= excluded.last_ts`);
};

const applyOddsChange = async (
  tx: TExecutor,
  m: Extract<TFeedMessage, { type: 'odds_change' }>,
  now: Date,
  result: TApplyResult,
) => {
  if (m.event_status !== undefined || m.score !== undefined || m.clock !== undefined) {
    const clock = m.clock && { ...m.clock, at: new Date(m.timestamp).toISOString() };
    await tx.execute(sql`
      update sb_events set
        status = coalesce(${m.event_status ?? null}, status),
        score = coalesce(${m.score ? JSON.stringify(m.score) : null}::jsonb, score),
        clock = coalesce(${clock ? JSON.stringify(clock) : null}::jsonb, clock),
        last_ts = ${m.timestamp}, updated_at = ${now}
      where id = ${m.event_id} and last_ts <= ${m.timestamp}`);
  }
  for (const market of m.markets) {
    if (!(await claimMarket(tx, m.event_id, market, m.timestamp, now, true))) continue;
    // A settled market stays settled (status 0, nothing offered) until a rollback reopens it: the settlement is
    // the one truth the desk, the site and placement read (docs/decisions/067).
    if (await isSettled(tx, m.event_id, market)) continue;
    await tx.execute(sql`update sb_markets set status = ${market.status}
      where event_id = ${m.event_id} and market_id = ${market.id} and specifiers = ${market.specifiers}`);
    const margin = market.outcomes.length > 0 ? await marginFor(tx, m.event_id, market.id) : 0;
    for (const outcome of market.outcomes) {
      if (outcome.odds === undefined) {
        // No price: not offered. A new outcome waits at the floor price until one comes; a known one keeps its odds.
        await tx.execute(sql`
          insert into sb_outcomes (event_id, market_id, specifiers, outcome_id, odds, feed_odds, active)
          values (${m.event_id}, ${market.id}, ${market.specifiers}, ${outcome.id}, 1000, 1000, false)
          on conflict (event_id, market_id, specifiers, outcome_id) do update set active = false`);
        continue;
      }
      const feedOdds = oddsThousandths(outcome.odds);
      await tx.execute(sql`
        insert into sb_outcomes (event_id, market_id, specifiers, outcome_id, odds, feed_odds, active)
        values (${m.event_id}, ${market.id}, ${market.specifiers}, ${outcome.id}, ${offeredOdds(feedOdds, margin)},
                ${feedOdds}, ${outcome.active})
        on conflict (event_id, market_id, specifiers, outcome_id)
        do update set odds = excluded.odds, feed_odds = excluded.feed_odds, active = excluded.active`);
    }
    result.changed.push({ eventId: m.event_id, marketId: market.id, specifiers: market.specifiers });
  }
};

/** The event's markets a message names, or all of them when it names none. */
const marketsOf = async (
  tx: TExecutor,
  m: TMarketMessage & { markets: { id: number; specifiers: string }[] },
) =>
  m.markets.length > 0
    ? m.markets
    : (
        await queryRows<{ market_id: number; specifiers: string }>(
          tx,
          sql`select market_id, specifiers from sb_markets where event_id = ${m.event_id}`,
        )
      ).map((r) => ({ id: Number(r.market_id), specifiers: r.specifiers }));

const applyBetStop = async (
  tx: TExecutor,
  m: Extract<TFeedMessage, { type: 'bet_stop' }>,
  now: Date,
  result: TApplyResult,
) => {
  for (const market of await marketsOf(tx, m)) {
    if (!(await claimMarket(tx, m.event_id, market, m.timestamp, now, false))) continue;
    await tx.execute(sql`update sb_markets set status = -1
      where event_id = ${m.event_id} and market_id = ${market.id} and specifiers = ${market.specifiers} and status = 1`);
    result.changed.push({ eventId: m.event_id, marketId: market.id, specifiers: market.specifiers });
  }
};

const applySettlement = async (
  tx: TExecutor,
  m: Extract<TFeedMessage, { type: 'bet_settlement' }>,
  now: Date,
  result: TApplyResult,
) => {
  for (const market of m.markets) {
    if (!(await claimMarket(tx, m.event_id, market, m.timestamp, now, true))) continue;
    await tx.execute(sql`update sb_markets set status = 0
      where event_id = ${m.event_id} and market_id = ${market.id} and specifiers = ${market.specifiers}`);
    for (const outcome of market.outcomes)
      await tx.execute(sql`
        insert into sb_outcomes (event_id, market_id, specifiers, outcome_id, odds, active, result, void_halves, dead_heat)
        values (${m.event_id}, ${market.id}, ${market.specifiers}, ${outcome.id}, 1000, false, ${outcome.result},
                ${Math.round(outcome.void_factor * 2)}, ${deadHeatText(outcome.dead_heat_factor)})
        on conflict (event_id, market_id, specifiers, outcome_id)
        do update set result = excluded.result, void_halves = excluded.void_halves,
          dead_heat = excluded.dead_heat, active = false`);
    const key = { eventId: m.event_id, marketId: market.id, specifiers: market.specifiers };
    result.markets.push(key);
    result.changed.push(key);
  }
};

const applyRollback = async (
  tx: TExecutor,
  m: Extract<TFeedMessage, { type: 'rollback_bet_settlement' }>,
  now: Date,
  result: TApplyResult,
) => {
  for (const market of m.markets) {
    if (!(await claimMarket(tx, m.event_id, market, m.timestamp, now, false))) continue;
    await tx.execute(sql`update sb_markets set status = -1
      where event_id = ${m.event_id} and market_id = ${market.id} and specifiers = ${market.specifiers}`);
    await tx.execute(sql`update sb_outcomes set result = null, void_halves = null, dead_heat = null
      where event_id = ${m.event_id} and market_id = ${market.id} and specifiers = ${market.specifiers}`);
    const key = { eventId: m.event_id, marketId: market.id, specifiers: market.specifiers };
    result.markets.push(key);
    result.changed.push(key);
  }
};

type TCancelMessage = Extract<TFeedMessage, { type: 'bet_cancel' | 'rollback_bet_cancel' }>;

/**
 * A bet_cancel voids the legs of bets placed in its window (all when it names none); its rollback makes the legs
 * it voided count again (the reconciliation settles or reopens them). A cashed-out bet is left as it is.
 */
const applyCancelWindow = async (
  tx: TExecutor,
  m: TCancelMessage,
  now: Date,
  result: TApplyResult,
  cancelled: boolean,
) => {
  const from = m.start_time === undefined ? null : new Date(m.start_time);
  const to = m.end_time === undefined ? null : new Date(m.end_time);
  for (const market of m.markets) {
    if (!(await claimMarket(tx, m.event_id, market, m.timestamp, now, false))) continue;
    await tx.execute(sql`
      update sb_bet_legs l set cancelled = ${cancelled}
        from sb_bets b
       where b.id = l.bet_id and l.event_id = ${m.event_id} and l.market_id = ${market.id}
         and l.specifiers = ${market.specifiers} and (${cancelled} or l.cancelled) and b.status <> 'cashed_out'
         and (${from}::timestamptz is null or b.placed_at >= ${from}::timestamptz)
         and (${to}::timestamptz is null or b.placed_at < ${to}::timestamptz)`);
    result.markets.push({ eventId: m.event_id, marketId: market.id, specifiers: market.specifiers });
  }
  if (m.type === 'bet_cancel' && m.superceded_by !== undefined)
    await tx.execute(sql`update sb_events set replaced_by = ${m.superceded_by} where id = ${m.event_id}`);
};

const applyMessage = async (tx: TExecutor, message: TFeedMessage, now: Date, result: TApplyResult) => {
  if (message.type === 'alive') {
    await tx.execute(sql`insert into sb_feed_state (key, at) values ('alive', ${now})
      on conflict (key) do update set at = excluded.at`);
    return;
  }
  if (message.type === 'fixture') return applyFixture(tx, message, now);
  // Prices and results of an event the feed never announced have nothing to attach to.
  if (!(await eventExists(tx, message.event_id))) return;
  if (message.type === 'odds_change') await applyOddsChange(tx, message, now, result);
  else if (message.type === 'bet_stop') await applyBetStop(tx, message, now, result);
  else if (message.type === 'bet_settlement') await applySettlement(tx, message, now, result);
  else if (message.type === 'rollback_bet_settlement') await applyRollback(tx, message, now, result);
  else if (message.type === 'bet_cancel') await applyCancelWindow(tx, message, now, result, true);
  else if (message.type === 'rollback_bet_cancel') await applyCancelWindow(tx, message, now, result, false);
};

/**
 * Applies the message once; answers what changed. `alive` only records the time. `inTransaction` runs in the same
 * transaction after a fresh message applied (feed.ts queues the settlement of the bets there).
 */
export const applyFeedMessage = async (
  db: TExecutor,
  message: TFeedMessage,
  now: Date,
  inTransaction?: (tx: TExecutor, result: TApplyResult) => Promise<void>,
): Promise<TApplyResult> =>
  db.transaction(async (tx) => {
    const result = await applyFeedMessageIn(tx, message, now);
    if (!result.duplicate) await inTransaction?.(tx, result);
    return result;
  });

/** The same in the caller's transaction (the UOF adapter applies a message in the one its order claim is in). */
export const applyFeedMessageIn = async (
  tx: TExecutor,
  message: TFeedMessage,
  now: Date,
): Promise<TApplyResult> => {
  const result: TApplyResult = { duplicate: false, markets: [], changed: [] };
  const fresh = await queryRows(
    tx,
    sql`insert into sb_feed_messages (message_id, type, received_at)
        values (${message.message_id}, ${message.type}, ${now}) on conflict do nothing returning 1 as n`,
  );
  if (fresh.length === 0) return { ...result, duplicate: true };
  await applyMessage(tx, message, now, result);
  return result;
};
