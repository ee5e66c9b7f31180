/**
 * The seamless-wallet HTTP API for third-party game providers: POST /wallet/v1/{balance,bet,win,rollback},
 * JSON bodies signed with HMAC-SHA256 over the raw body (header `x-wallet-signature`, hex) using
 * WALLET_HMAC_SECRET. Answers `{ transaction_id?, balance, currency, mode }` or `{ error: { code, message } }`.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { type Cents, formatMoney, toCents } from '@casino/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TAppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { WalletError } from './wallet-error.ts';
import { walletService } from './wallet-service.ts';

export const SIGNATURE_HEADER = 'x-wallet-signature';

export const signBody = (secret: string, rawBody: string) =>
  createHmac('sha256', secret).update(rawBody).digest('hex');

/** Constant-time comparison of the hex signature with the expected one. */
export const verifySignature = (secret: string, rawBody: string, signature: unknown) => {
  if (typeof signature !== 'string' || !/^[0-9a-f]{64}$/i.test(signature)) return false;
  const expected = Buffer.from(signBody(secret, rawBody), 'hex');
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
};

const text = (body: Record<string, unknown>, field: string, required = true): string => {
  const value = body[field];
  // PostgreSQL text cannot hold NUL (and the bet's statements carry ids as literals): refused like a missing id.
  if (typeof value === 'string' && value.includes('\u0000'))
    throw new WalletError('BAD_REQUEST', `${field} must not contain NUL`);
  if (typeof value === 'string' && value.length > 0 && value.length <= 200) return value;
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  if (!required && (value === undefined || value === null)) return '';
  throw new WalletError('BAD_REQUEST', `${field} is required`);
};

/**
 * The largest amount one call moves: 10^12 minor units (10 billion in major units). Far inside the bigint
 * columns it lands in (amounts, round totals, balances), so no sum of calls reaches their range, and exact as
 * a JSON number.
 */
export const MAX_WALLET_AMOUNT: Cents = 1_000_000_000_000n;

const amount = (body: Record<string, unknown>): Cents => {
  const value = body.amount;
  try {
    if (typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value))) {
      if (typeof value === 'number' && Math.round(value * 100) !== value * 100)
        throw new RangeError('precision');
      const cents = toCents(value);
      if (cents >= 0n && cents <= MAX_WALLET_AMOUNT) return cents;
    }
  } catch {
    /* answered below */
  }
  throw new WalletError(
    'BAD_REQUEST',
    `amount must be an amount from 0 to ${formatMoney(MAX_WALLET_AMOUNT)} with at most 2 decimals`,
  );
};

export const registerWalletRoutes = async (app: FastifyInstance, ctx: TAppContext) => {
  await app.register(async (scope) => {
    // Our own JSON parser keeps the raw body: the signature covers the exact bytes sent.
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      (request as FastifyRequest & { rawBody?: string }).rawBody = body as string;
      try {
        done(null, body === '' ? {} : JSON.parse(body as string));
      } catch {
        done(new WalletError('BAD_REQUEST', 'body is not JSON'), undefined);
      }
    });
    scope.setErrorHandler((error, request, reply) => {
      const walletError =
        error instanceof WalletError
          ? error
          : (error as { statusCode?: number }).statusCode === 415
            ? new WalletError('BAD_REQUEST', 'send application/json')
            : // The site-wide guard refuses a NUL in any field before the route runs (platform/http/form-body.ts).
              error instanceof AppError && error.type === 'InvalidParameterException'
              ? new WalletError(
                  'BAD_REQUEST',
                  `invalid: ${Object.keys(error.errorData.invalid_parameters ?? {}).join(', ')}`,
                )
              : null;
      if (!walletError) {
        request.log.error({ err: error }, 'wallet call failed');
        return reply.status(500).send({ error: { code: 'INTERNAL_ERROR', message: 'internal error' } });
      }
      return reply
        .status(walletError.status)
        .send({ error: { code: walletError.code, message: walletError.message } });
    });
    scope.addHook('preHandler', async (request) => {
      const raw = (request as FastifyRequest & { rawBody?: string }).rawBody ?? '';
      if (!verifySignature(ctx.config.WALLET_HMAC_SECRET, raw, request.headers[SIGNATURE_HEADER]))
        throw new WalletError('INVALID_SIGNATURE');
      if (!request.body || typeof request.body !== 'object' || Array.isArray(request.body))
        throw new WalletError('BAD_REQUEST', 'body must be a JSON object');
    });

    const body = (request: FastifyRequest) => request.body as Record<string, unknown>;
    // Server-to-server JSON: helmet's headers guard pages a browser renders, and building them on every provider
    // call cost ~6 % of the server's CPU per call (npm run bench:wallet).
    const route = { helmet: false } as const;
    scope.post('/wallet/v1/balance', route, async (request) =>
      walletService.balance(ctx, { session: text(body(request), 'session') }),
    );
    scope.post('/wallet/v1/bet', route, async (request) => {
      const b = body(request);
      return walletService.bet(ctx, {
        session: text(b, 'session'),
        transactionId: text(b, 'transaction_id'),
        roundId: text(b, 'round_id'),
        amount: amount(b),
      });
    });
    scope.post('/wallet/v1/win', route, async (request) => {
      const b = body(request);
      return walletService.win(ctx, {
        session: text(b, 'session'),
        transactionId: text(b, 'transaction_id'),
        roundId: text(b, 'round_id'),
        amount: amount(b),
        roundClosed: b.round_closed === undefined ? true : b.round_closed === true,
      });
    });
    scope.post('/wallet/v1/rollback', route, async (request) => {
      const b = body(request);
      return walletService.rollback(ctx, {
        session: text(b, 'session'),
        transactionId: text(b, 'transaction_id'),
        referenceTransactionId: text(b, 'reference_transaction_id'),
        roundId: text(b, 'round_id', false) || undefined,
      });
    });
  });
};
