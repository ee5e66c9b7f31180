/** events.handle (client analytics events) and the `/hit` image beacon (referer, tracking params, SEON session). */
import { ZEventsHandle } from '@casino/contracts/calls/events';
import type { TModule } from '../../platform/context.ts';
import { parseHitQuery, recordEvent, recordHit } from './record-events.ts';

/** A 1x1 transparent GIF. */
export const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

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

    app.get('/hit', async (request, reply) => {
      const query = (request.query ?? {}) as Record<string, unknown>;
      const limit = await ctx.rateLimiter.hit(`hit:${request.ip}`, 60);
      if (limit.count <= 120)
        await recordHit(ctx.db, {
          ...parseHitQuery(query),
          playerId: request.player?.id ?? null,
          ip: request.ip,
          userAgent: request.headers['user-agent'] ?? null,
          refererHeader: request.headers.referer ?? null,
          now: ctx.providers.clock.now(),
        });
      return reply
        .type('image/gif')
        .header('cache-control', 'no-store, no-cache, must-revalidate')
        .header('content-length', PIXEL.length)
        .send(PIXEL);
    });
  },
};
