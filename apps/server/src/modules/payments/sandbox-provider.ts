/**
 * The built-in sandbox payment provider. It behaves like a real one: a hosted page of its own under
 * /sandbox-pay/{session} (sandbox-pages.ts), then a signed webhook to /payments/webhook/sandbox, then the
 * player's redirect to the site's result page. Its webhook key is derived from WALLET_HMAC_SECRET.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { toCents, toMajor } from '@casino/contracts';
import { sql } from 'drizzle-orm';
import type { TConfig } from '../../platform/config.ts';
import { publicUrl } from '../../platform/public-url.ts';
import { queryRows } from '../ledger/index.ts';
import type { TPaymentEvent, TPaymentEventStatus, TPaymentProvider } from './provider.ts';

export const SANDBOX = 'sandbox';
export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';

/** Test cards: these two decline or stay pending; any other valid card succeeds after the 3-D Secure step. */
export const DECLINED_CARD = '4000000000000002';
export const PENDING_CARD = '4000000000000077';

const webhookKey = (config: TConfig) =>
  createHmac('sha256', config.WALLET_HMAC_SECRET).update('sandbox-payments-webhook').digest();

export const signSandboxWebhook = (config: TConfig, rawBody: string) =>
  createHmac('sha256', webhookKey(config)).update(rawBody).digest('hex');

export const sandboxWebhookBody = (
  session: string,
  event: { transactionId: string; status: TPaymentEventStatus; amount: bigint; currency: string },
) =>
  JSON.stringify({
    session,
    transaction_id: event.transactionId,
    status: event.status,
    amount: toMajor(event.amount).toFixed(2),
    currency: event.currency,
  });

export const sandboxProvider: TPaymentProvider = {
  name: SANDBOX,
  async createDeposit(ctx, request) {
    const id = ctx.providers.random.bytes(24).toString('base64url');
    const now = ctx.providers.clock.now();
    await ctx.db.execute(
      sql`insert into sandbox_payment_sessions (id, transaction_id, method, amount, currency, status, created_at, updated_at)
          values (${id}, ${request.transactionId}, ${request.method}, ${request.amount}, ${request.currency}, 'open', ${now}, ${now})`,
    );
    return { redirectUrl: new URL(`/sandbox-pay/${id}`, publicUrl(ctx.config)).toString() };
  },
  parseWebhook(ctx, rawBody, headers): TPaymentEvent | null {
    const signature = headers[SANDBOX_SIGNATURE_HEADER];
    if (typeof signature !== 'string' || !/^[0-9a-f]{64}$/.test(signature)) return null;
    const expected = Buffer.from(signSandboxWebhook(ctx.config, rawBody), 'hex');
    if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) return null;
    try {
      const body = JSON.parse(rawBody) as Record<string, unknown>;
      const status = body.status;
      if (status !== 'paid' && status !== 'failed' && status !== 'pending' && status !== 'cancelled')
        return null;
      if (typeof body.transaction_id !== 'string' || typeof body.currency !== 'string') return null;
      return {
        provider: SANDBOX,
        transactionId: body.transaction_id,
        status,
        amount: toCents(String(body.amount)),
        currency: body.currency,
      };
    } catch {
      return null;
    }
  },
  async voidDeposit(ctx, transactionId) {
    // A pending session (a bank transfer under way) is not voided: its money may still arrive, as at a bank.
    await ctx.db.execute(
      sql`update sandbox_payment_sessions set status = 'voided', updated_at = ${ctx.providers.clock.now()}
          where transaction_id = ${transactionId} and status in ('open', 'challenge')`,
    );
  },
  async refundDeposit(ctx, request) {
    const refunded = await queryRows(
      ctx.db,
      sql`update sandbox_payment_sessions set status = 'refunded', updated_at = ${ctx.providers.clock.now()}
          where transaction_id = ${request.transactionId} and status in ('paid', 'refunded')
            and amount = ${request.amount} and currency = ${request.currency}
          returning id`,
    );
    if (refunded.length === 0)
      throw new Error(`sandbox: no paid payment of that amount to refund for ${request.transactionId}`);
  },
};
