/**
 * What an operator changes in the book: suspending / resuming a market and settling or voiding it by hand —
 * through the feed's own code path (processFeedMessage with an operator's message id), so the bets settle exactly
 * as the feed would settle them — and a player's stake factor. Each checks its input and answers what it changed
 * (before / after) for the audit entry; refusals are InvalidParameterException with a field code. The caller (the
 * back-office) checks the operator's role and writes the audit entry. The reads are in event-queries.ts and bet-queries.ts.
 */
import { sql } from 'drizzle-orm';
import type { TAppContext } from '../../../platform/context.ts';
import type { TExecutor } from '../../../platform/db/database.ts';
import { invalidParameters } from '../../../platform/http/app-error.ts';
import { queryRows } from '../../ledger/index.ts';
import { processFeedMessage } from '../feed.ts';
import type { TFeedMessage } from '../feed-messages.ts';

type TCtx = Pick<TAppContext, 'db' | 'bus' | 'providers' | 'jobs'>;

export interface TMarketRef {
  operatorId: number;
  eventId: string;
  marketId: number;
  specifiers: string;
}

const EVENT_ID = /^[\w:.=+-]{1,100}$/;

/** The market as it stands (status and each outcome's result), or a field error naming what is unknown. */
const marketOf = async (db: TExecutor, ref: TMarketRef) => {
  if (!EVENT_ID.test(ref.eventId)) throw invalidParameters({ event: 'notFound' });
  const [event] = await queryRows<{ status: string }>(
    db,
    sql`select status from sb_events where id = ${ref.eventId}`,
  );
  if (!event) throw invalidParameters({ event: 'notFound' });
  if (
    !Number.isSafeInteger(ref.marketId) ||
    ref.marketId <= 0 ||
    ref.specifiers.length > 200 ||
    ref.specifiers.includes('\u0000')
  )
    throw invalidParameters({ market: 'notFound' });
  const rows = await queryRows<{
    status: number;
    watchdog_suspended: boolean;
    outcome_id: string | null;
    result: number | null;
    void_halves: number | null;
  }>(
    db,
    sql`select m.status, m.watchdog_suspended, o.outcome_id, o.result, o.void_halves
          from sb_markets m
          left join sb_outcomes o on o.event_id = m.event_id and o.market_id = m.market_id and o.specifiers = m.specifiers
         where m.event_id = ${ref.eventId} and m.market_id = ${ref.marketId} and m.specifiers = ${ref.specifiers}
         order by o.outcome_id`,
  );
  const [first] = rows;
  if (!first) throw invalidParameters({ market: 'notFound' });
  const outcomes = rows.flatMap((r) =>
    r.outcome_id === null
      ? []
      : [
          {
            id: r.outcome_id,
            result: r.result === null ? null : Number(r.result),
            voidHalves: r.void_halves,
          },
        ],
  );
  return {
    status: Number(first.status),
    watchdogSuspended: first.watchdog_suspended === true,
    outcomes,
    eventStatus: event.status,
  };
};

/** The market's settlement as the audit shows it: won / lost / void per outcome, or null while unsettled. */
const settlementOf = (outcomes: { id: string; result: number | null; voidHalves: number | null }[]) =>
  outcomes.every((o) => o.result === null)
    ? null
    : Object.fromEntries(
        outcomes.map((o) => [
          o.id,
          Number(o.voidHalves) === 2 ? 'void' : o.result === 1 ? 'won' : o.result === 0 ? 'lost' : 'open',
        ]),
      );

/** An operator's message: newer than anything applied to the event (the feed's own later messages win after it). */
const operatorMessage = async (ctx: TCtx, operatorId: number, eventId: string) => {
  const now = ctx.providers.clock.now().getTime();
  const [row] = await queryRows<{ ts: unknown }>(
    ctx.db,
    sql`select greatest(coalesce(max(m.last_ts), 0), coalesce(max(e.last_ts), 0)) as ts
          from sb_events e left join sb_markets m on m.event_id = e.id where e.id = ${eventId}`,
  );
  const timestamp = Math.max(now, Number(row?.ts ?? 0) + 1);
  return { message_id: `operator:${operatorId}:${now}:${ctx.providers.random.uuid()}`, timestamp };
};

/**
 * Suspends (a bet stop) or resumes (status 1, prices as they are) an open market. Repeating it changes nothing
 * (changed: false); a settled or deactivated market is refused (`market: settled`). A market the alive watchdog
 * suspended stays suspended until the feed is alive again, whatever its own status.
 */
export const setMarketSuspended = async (ctx: TCtx, input: TMarketRef & { suspended: boolean }) => {
  const market = await marketOf(ctx.db, input);
  if (market.status === 0) throw invalidParameters({ market: 'settled' });
  const before = market.status === 1 ? 'active' : 'suspended';
  const after = input.suspended ? 'suspended' : 'active';
  if (before === after) return { changed: false, before, after };
  const ref = { id: input.marketId, specifiers: input.specifiers };
  const message: TFeedMessage = input.suspended
    ? {
        type: 'bet_stop',
        ...(await operatorMessage(ctx, input.operatorId, input.eventId)),
        event_id: input.eventId,
        markets: [ref],
      }
    : {
        type: 'odds_change',
        ...(await operatorMessage(ctx, input.operatorId, input.eventId)),
        event_id: input.eventId,
        markets: [{ ...ref, status: 1, outcomes: [] }],
      };
  await processFeedMessage(ctx, message);
  return { changed: true, before, after, watchdogSuspended: market.watchdogSuspended };
};

/**
 * Settles a market by hand (winners: the outcome ids that won, every other outcome lost), or voids every outcome
 * of it (stakes back), as a `bet_settlement` through the feed's path. A settled market may be settled again (a
 * correction): each bet gives back what it was paid and is paid what the new result says, as after the feed's own
 * correction. Settling (not voiding) a market of an event that has not started is refused
 * (`override: eventNotStarted`) unless `override` says the operator means it (the caller audits it with a reason).
 */
export const settleMarketByHand = async (
  ctx: TCtx,
  input: TMarketRef & { winners: string[]; voidAll?: boolean; override?: boolean },
) => {
  const market = await marketOf(ctx.db, input);
  if (market.outcomes.length === 0) throw invalidParameters({ market: 'noOutcomes' });
  const known = new Set(market.outcomes.map((o) => o.id));
  const winners = [...new Set(input.winners)];
  if (!input.voidAll) {
    if (winners.length === 0) throw invalidParameters({ winners: 'requiredField' });
    if (winners.some((w) => !known.has(w)) || winners.length === known.size)
      throw invalidParameters({ winners: 'wrongField' });
    if (market.eventStatus === 'not_started' && !input.override)
      throw invalidParameters({ override: 'eventNotStarted' });
  }
  await processFeedMessage(ctx, {
    type: 'bet_settlement',
    ...(await operatorMessage(ctx, input.operatorId, input.eventId)),
    event_id: input.eventId,
    markets: [
      {
        id: input.marketId,
        specifiers: input.specifiers,
        outcomes: market.outcomes.map((o) => ({
          id: o.id,
          result: input.voidAll ? 0 : winners.includes(o.id) ? 1 : 0,
          void_factor: input.voidAll ? 1 : 0,
          dead_heat_factor: 1,
        })),
      },
    ],
  });
  const settled = await marketOf(ctx.db, input);
  return {
    before: settlementOf(market.outcomes),
    after: settlementOf(settled.outcomes),
    overridden: !input.voidAll && market.eventStatus === 'not_started',
  };
};

/** The highest stake factor an operator may set (100 × the book's limits). */
export const MAX_STAKE_FACTOR = 100;

/**
 * Sets a player's stake factor (thousandths are kept; 0 stops their betting; 1 is the book's limits); answers the
 * one it replaced.
 */
export const setStakeFactor = async (db: TExecutor, playerId: number, factor: number, now: Date) => {
  if (!Number.isFinite(factor) || factor < 0 || factor > MAX_STAKE_FACTOR)
    throw invalidParameters({ factor: 'wrongField' });
  const [row] = await queryRows<{ f: unknown }>(
    db,
    sql`select stake_factor::text as f from sb_player_limits where player_id = ${playerId}`,
  );
  await db.execute(sql`insert into sb_player_limits (player_id, stake_factor, updated_at)
    values (${playerId}, ${factor}, ${now})
    on conflict (player_id) do update set stake_factor = excluded.stake_factor, updated_at = excluded.updated_at`);
  return { before: row ? Number(row.f) : 1, after: factor };
};
