/** Test helpers: a feed client that signs and POSTs messages over HTTP, fixtures and markets, a ledger check. */

import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { auditLedger, queryRows } from '../ledger/index.ts';
import { signFeedBody } from './feed.ts';

let counter = 0;

/**
 * After each message the jobs queue runs until empty, so the bets a settlement, rollback or cancel queued are
 * settled when `send` answers, deterministically; `drain` false leaves them queued (settle-queue.test.ts).
 */
export const feedClient = (app: FastifyInstance) => {
  const secret = app.ctx.config.SPORTSBOOK_FEED_SECRET;
  let lastTs = 0;
  /** Feed timestamps only move forward (ms, from the app's clock). */
  const nextTimestamp = () => {
    lastTs = Math.max(lastTs + 1, app.ctx.providers.clock.now().getTime());
    return lastTs;
  };
  const send = async (message: Record<string, unknown>, signature?: string, drain = true) => {
    const body = JSON.stringify({
      message_id: `m-${Date.now()}-${counter++}`,
      timestamp: nextTimestamp(),
      ...message,
    });
    const response = await app.inject({
      method: 'POST',
      url: '/feed/sportsbook',
      headers: {
        'content-type': 'application/json',
        'x-feed-signature': signature ?? signFeedBody(secret, body),
      },
      payload: body,
    });
    if (drain) await app.ctx.jobs.drain();
    return { status: response.statusCode, body: response.json() as Record<string, unknown> };
  };
  const ok = async (message: Record<string, unknown>, drain = true) => {
    const answer = await send(message, undefined, drain);
    if (answer.status !== 200) throw new Error(`feed refused: ${JSON.stringify(answer.body)}`);
    return answer;
  };
  return {
    send,
    ok,
    nextTimestamp,
    /** A football fixture starting in an hour (or live) with 1X2 at the given odds and total 2.5. */
    async football(
      eventId: string,
      odds: [number, number, number] = [2, 3.5, 4],
      options: { live?: boolean; start?: Date } = {},
    ) {
      const start = options.start ?? new Date(app.ctx.providers.clock.now().getTime() + 3600_000);
      await ok({
        type: 'fixture',
        event_id: eventId,
        sport: 'football',
        tournament: 'Test League',
        competitors: [
          { id: `${eventId}-h`, name: `Home ${eventId}` },
          { id: `${eventId}-a`, name: `Away ${eventId}` },
        ],
        start_time: start.toISOString(),
        status: options.live ? 'live' : 'not_started',
      });
      await ok({
        type: 'odds_change',
        event_id: eventId,
        markets: [
          {
            id: 1,
            specifiers: '',
            status: 1,
            outcomes: [
              { id: '1', odds: odds[0] },
              { id: '2', odds: odds[1] },
              { id: '3', odds: odds[2] },
            ],
          },
          {
            id: 18,
            specifiers: 'total=2.5',
            status: 1,
            outcomes: [
              { id: '12', odds: 1.9 },
              { id: '13', odds: 1.9 },
            ],
          },
        ],
      });
    },
    /** Settles market 1 of an event: the winner 1, 2 or 3; extra fields per outcome id. */
    settle1x2(eventId: string, winner: string, extra: Record<string, Record<string, number>> = {}) {
      return ok({
        type: 'bet_settlement',
        event_id: eventId,
        markets: [
          {
            id: 1,
            specifiers: '',
            outcomes: ['1', '2', '3'].map((id) => ({ id, result: id === winner ? 1 : 0, ...extra[id] })),
          },
        ],
      });
    },
  };
};

/** The ledger sums to zero, no player balance is negative, every entry's running balance adds up. */
export const ledgerIsExact = async (app: FastifyInstance) => {
  const audit = await auditLedger(app.ctx.db);
  return audit;
};

export const betRow = async (app: FastifyInstance, id: number) =>
  (
    await queryRows<{ status: string; payout: unknown; settle_count: number }>(
      app.ctx.db,
      sql`select status, payout, settle_count from sb_bets where id = ${id}`,
    )
  )[0];
