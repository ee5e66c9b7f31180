/**
 * POST /webhooks/sumsub: Sumsub's webhook endpoint (set its address in Sumsub's webhook manager, with the secret
 * key of SUMSUB_WEBHOOK_SECRET). The digest covers the exact bytes sent, so this scope keeps the raw body. A bad
 * or missing digest answers 401 and changes nothing; a good one answers 200 once the event is stored (a replay
 * too: Sumsub stops resending), 400 when the body is not a JSON object. Off (404) while Sumsub is not configured.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TAppContext } from '../../../platform/context.ts';
import { isSumsubOn } from '../../../platform/sumsub-config.ts';
import { applySumsubWebhook, verifySumsubDigest } from './webhook.ts';

const MAX_BODY_BYTES = 256 * 1024;

export const registerSumsubWebhook = (app: FastifyInstance, ctx: TAppContext) => {
  const secret = ctx.config.SUMSUB_WEBHOOK_SECRET;
  if (!isSumsubOn(ctx.config) || !secret) return;
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: MAX_BODY_BYTES },
      (_request, body, done) => done(null, body),
    );
    scope.post('/webhooks/sumsub', { helmet: false } as const, async (request: FastifyRequest, reply) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      if (
        !verifySumsubDigest(
          secret,
          raw,
          request.headers['x-payload-digest'],
          request.headers['x-payload-digest-alg'],
        )
      )
        return reply.status(401).send({ ok: false, error: 'invalid digest' });
      let event: unknown;
      try {
        event = JSON.parse(raw.toString('utf8'));
      } catch {
        event = null;
      }
      if (!event || typeof event !== 'object' || Array.isArray(event))
        return reply.status(400).send({ ok: false, error: 'body must be a JSON object' });
      const outcome = await applySumsubWebhook(ctx.db, ctx.providers.clock, raw, event);
      request.log.info({ outcome, type: (event as { type?: unknown }).type }, 'sumsub webhook');
      return reply.status(200).send({ ok: true, outcome });
    });
  });
};
