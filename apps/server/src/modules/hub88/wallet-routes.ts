/**
 * Our Wallet API for Hub88: `POST /hub88/wallet/user/info`, `/user/balance`, `/transaction/bet`,
 * `/transaction/win`, `/transaction/rollback`. Each body's exact bytes are verified against `X-Hub88-Signature`
 * with HUB88_PUBLIC_KEY before anything is read; every answer is HTTP 200 with its `RS_*` status, as Hub88's
 * Operator API expects (a signature that fails is RS_ERROR_INVALID_SIGNATURE, a body that is not JSON
 * RS_ERROR_WRONG_SYNTAX).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TAppContext } from '../../platform/context.ts';
import type { THub88Status } from './protocol.ts';
import { HUB88_SIGNATURE_HEADER, verifyHub88 } from './signature.ts';
import { balance, bet, rollback, userInfo, win } from './wallet-api.ts';

type TRaw = FastifyRequest & { rawBody?: string; badJson?: boolean };

const echoOf = (body: unknown, status: THub88Status) => {
  const b = (body ?? {}) as Record<string, unknown>;
  return {
    user: typeof b.user === 'string' ? b.user : '',
    status,
    request_uuid: typeof b.request_uuid === 'string' ? b.request_uuid : '',
  };
};

export const registerHub88WalletRoutes = async (
  app: FastifyInstance,
  ctx: TAppContext,
  publicKeyPem: string,
) => {
  await app.register(
    async (scope) => {
      // The signature covers the exact bytes sent: keep them, and parse them ourselves.
      scope.removeContentTypeParser('application/json');
      scope.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
        const raw = request as TRaw;
        raw.rawBody = body as string;
        try {
          done(null, JSON.parse(body as string));
        } catch {
          raw.badJson = true;
          done(null, {});
        }
      });
      scope.setErrorHandler((error, request, reply) => {
        request.log.error({ err: error }, 'hub88 wallet call failed');
        return reply.status(200).send(echoOf(request.body, 'RS_ERROR_UNKNOWN'));
      });
      const route = { helmet: false } as const;
      const handle =
        (run: (ctx: TAppContext, body: unknown) => Promise<unknown>) => async (request: FastifyRequest) => {
          const raw = request as TRaw;
          if (!verifyHub88(publicKeyPem, raw.rawBody ?? '', request.headers[HUB88_SIGNATURE_HEADER]))
            return echoOf(request.body, 'RS_ERROR_INVALID_SIGNATURE');
          if (raw.badJson || !request.body || typeof request.body !== 'object' || Array.isArray(request.body))
            return echoOf({}, 'RS_ERROR_WRONG_SYNTAX');
          return run(ctx, request.body);
        };
      scope.post('/user/info', route, handle(userInfo));
      scope.post('/user/balance', route, handle(balance));
      scope.post('/transaction/bet', route, handle(bet));
      scope.post('/transaction/win', route, handle(win));
      scope.post('/transaction/rollback', route, handle(rollback));
    },
    { prefix: '/hub88/wallet' },
  );
};
