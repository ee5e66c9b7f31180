/**
 * The odds feed endpoint: `POST /feed/sportsbook`, one JSON message per request, `X-Feed-Signature: sha256=<hex
 * HMAC-SHA256 of the raw body>` with SPORTSBOOK_FEED_SECRET. A bad or missing signature is 401 and changes
 * nothing; a malformed message 400; otherwise 200 `{"ok":true}` (a redelivered or stale message too: it is
 * acknowledged and ignored). The bets on settled, rolled back or cancelled markets are reconciled afterwards by the
 * jobs queue (settle-queue.ts), queued in the message's transaction; price changes are published for the sockets.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TAppContext } from '../../platform/context.ts';
import type { TExecutor } from '../../platform/db/database.ts';
import { applyFeedMessageIn, type TApplyResult } from './feed-apply.ts';
import { type TFeedMessage, ZFeedMessage } from './feed-messages.ts';
import { queueSettlement } from './settle-queue.ts';

export const FEED_SIGNATURE_HEADER = 'x-feed-signature';
/** Bus topic of a market's prices or status changing: { event_id, markets: [{ id, specifiers }] }. */
export const ODDS_CHANGED = 'sportsbook.odds_changed';

export const signFeedBody = (secret: string, rawBody: string) =>
  `sha256=${createHmac('sha256', secret).update(rawBody).digest('hex')}`;

const verify = (secret: string, rawBody: string, header: unknown) => {
  if (typeof header !== 'string' || !/^sha256=[0-9a-f]{64}$/i.test(header)) return false;
  const expected = Buffer.from(signFeedBody(secret, rawBody).slice(7), 'hex');
  return timingSafeEqual(expected, Buffer.from(header.slice(7), 'hex'));
};

type TFeedCtx = Pick<TAppContext, 'db' | 'bus' | 'providers' | 'jobs'>;

export interface TProcessed {
  result: TApplyResult;
  /** Whether a settlement job was queued (the workers are woken after commit). */
  queued: boolean;
}

/**
 * Applies a message in the caller's transaction and queues there the reconciliation of the bets it touched; the
 * caller runs `afterFeedCommit` once that transaction committed (the UOF adapter: its order claim's transaction).
 */
export const processFeedMessageIn = async (
  ctx: Pick<TAppContext, 'providers' | 'jobs'>,
  tx: TExecutor,
  message: TFeedMessage,
): Promise<TProcessed> => {
  const result = await applyFeedMessageIn(tx, message, ctx.providers.clock.now());
  const queued = !result.duplicate && (await queueSettlement(ctx, tx, message.message_id, result.markets));
  return { result, queued };
};

/**
 * After the commit: the message counted (its lag from the producer's timestamp to now), the settlement workers
 * woken, the price changes published for the sockets.
 */
export const afterFeedCommit = async (
  ctx: Pick<TAppContext, 'bus' | 'jobs' | 'providers'> & Partial<Pick<TAppContext, 'metrics'>>,
  message: TFeedMessage,
  { result, queued }: TProcessed,
) => {
  const lag = (ctx.providers.clock.now().getTime() - message.timestamp) / 1000;
  ctx.metrics?.feedMessage(message.type, result.duplicate ? 'duplicate' : 'applied', lag);
  if (queued) ctx.jobs.wake();
  if (result.duplicate) return;
  if (result.changed.length > 0 && 'event_id' in message)
    await ctx.bus.publish(ODDS_CHANGED, {
      event_id: message.event_id,
      markets: result.changed.map((m) => ({ id: m.marketId, specifiers: m.specifiers })),
    });
};

/**
 * Applies a message and, in its transaction, queues the reconciliation of the bets it touched (settle-queue.ts):
 * the answer does not wait for the bets' money. The simulator and the back-office use it too.
 */
export const processFeedMessage = async (ctx: TFeedCtx, message: TFeedMessage): Promise<TApplyResult> => {
  const processed = await ctx.db.transaction((tx) => processFeedMessageIn(ctx, tx, message));
  await afterFeedCommit(ctx, message, processed);
  return processed.result;
};

export const registerFeedRoute = async (app: FastifyInstance, ctx: TAppContext) => {
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      (request as FastifyRequest & { rawBody?: string }).rawBody = body as string;
      done(null, body);
    });
    // Server-to-server JSON: no page headers (as the wallet API); a request log line per message would drown the log.
    const route = { helmet: false, logLevel: 'warn' } as const;
    scope.post('/feed/sportsbook', route, async (request, reply) => {
      const raw = (request as FastifyRequest & { rawBody?: string }).rawBody ?? '';
      if (!verify(ctx.config.SPORTSBOOK_FEED_SECRET, raw, request.headers[FEED_SIGNATURE_HEADER]))
        return reply.status(401).send({ ok: false, error: 'bad signature' });
      let json: unknown;
      try {
        json = JSON.parse(raw);
      } catch {
        return reply.status(400).send({ ok: false, error: 'body is not JSON' });
      }
      const parsed = ZFeedMessage.safeParse(json);
      if (!parsed.success)
        return reply.status(400).send({
          ok: false,
          error: 'bad message',
          issues: parsed.error.issues.slice(0, 5).map((i) => `${i.path.join('.')}: ${i.message}`),
        });
      await processFeedMessage(ctx, parsed.data);
      return { ok: true };
    });
  });
};
