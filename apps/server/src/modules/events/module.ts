/** events.handle (client analytics events), the `/hit` image beacon (referer, tracking params, SEON session) and the first touch. */
import { ZEventsHandle } from '@casino/contracts/calls/events';
import type { TModule } from '../../platform/context.ts';
import { ensureVisitorKey, visitorKeyOf } from '../../platform/visitor.ts';
import { onPlayerRegistered } from '../auth/index.ts';
import { attachFirstTouch, forgetOldFirstTouches, rememberFirstTouch } from './first-touch.ts';
import { parseHitQuery, recordEvent, recordHit } from './record-events.ts';

/** A 1x1 transparent GIF. */
export const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

export const FORGET_FIRST_TOUCHES_JOB = 'events.forget-first-touches';

export const eventsModule: TModule = {
  name: 'events',
  register(app, ctx) {
    ctx.api.handle(
      ZEventsHandle,
      async ({ event_name, event_params }, request) => {
        await recordEvent(ctx.db, {
          playerId: request.player?.id ?? null,
          name: event_name,
          params: event_params,
          ip: request.ip,
          now: ctx.providers.clock.now(),
        });
        return 1 as const;
      },
      { rateLimit: { max: 300, windowSeconds: 60 } },
    );

    onPlayerRegistered(ctx, 'first-touch', async (player, request) => {
      const visitor = visitorKeyOf(request);
      if (visitor)
        await attachFirstTouch(ctx.db, { visitor, playerId: player.id, now: ctx.providers.clock.now() });
    });

    ctx.jobs.hourly(FORGET_FIRST_TOUCHES_JOB, () => forgetOldFirstTouches(ctx.db, ctx.providers.clock.now()));

    app.get('/hit', async (request, reply) => {
      const query = (request.query ?? {}) as Record<string, unknown>;
      const limit = await ctx.rateLimiter.hit(`hit:${request.ip}`, 60);
      if (limit.count <= 120) {
        const hit = parseHitQuery(query);
        const refererHeader = request.headers.referer ?? null;
        const now = ctx.providers.clock.now();
        await recordHit(ctx.db, {
          ...hit,
          playerId: request.player?.id ?? null,
          ip: request.ip,
          userAgent: request.headers['user-agent'] ?? null,
          refererHeader,
          now,
        });
        // Attribution is about how a visitor arrived: a signed-in player's visits are not a first touch.
        if (!request.player) {
          const visitor = ensureVisitorKey(ctx, request, reply);
          await rememberFirstTouch(ctx.db, { visitor, hit, now });
        }
      }
      return reply
        .type('image/gif')
        .header('cache-control', 'no-store, no-cache, must-revalidate')
        .header('content-length', PIXEL.length)
        .send(PIXEL);
    });
  },
};
