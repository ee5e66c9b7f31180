/**
 * POST /payments/webhook/{provider}: the provider verifies its signature over the raw body; the handler the cashier
 * registered settles the deposit.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TAppContext } from '../../platform/context.ts';
import { PaymentEventRejected, paymentEventHandler } from './payment-events.ts';
import { findPaymentProvider } from './provider.ts';

export const registerWebhookRoute = async (app: FastifyInstance, ctx: TAppContext) => {
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
      done(null, body),
    );
    scope.post('/payments/webhook/:provider', async (request: FastifyRequest, reply) => {
      const provider = findPaymentProvider(ctx, (request.params as { provider: string }).provider);
      if (!provider) return reply.status(404).send({ ok: false, error: 'unknown provider' });
      const raw = typeof request.body === 'string' ? request.body : '';
      const event = provider.parseWebhook(ctx, raw, request.headers as Record<string, unknown>);
      if (!event) return reply.status(401).send({ ok: false, error: 'invalid signature' });
      const settle = paymentEventHandler(ctx);
      if (!settle) throw new Error('no payment event handler: the cashier registers it at start');
      try {
        const status = await settle(ctx, event);
        return { ok: true, status };
      } catch (error) {
        if (!(error instanceof PaymentEventRejected)) throw error;
        request.log.warn({ err: error.message, transaction: event.transactionId }, 'payment event rejected');
        return reply.status(409).send({ ok: false, error: error.message });
      }
    });
  });
};
