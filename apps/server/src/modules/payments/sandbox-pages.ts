/**
 * The sandbox's hosted payment page, server-rendered HTML: a card form (Luhn-checked) and a 3-D Secure step
 * whose one-time code the page shows, a bank-transfer page, an e-wallet login, and cancel. Each outcome sends
 * the signed webhook, then redirects the player to /cashier/pay{success,fail,pending,cancel}/{transaction}.
 */
import { formatMoney, rules } from '@casino/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { TAppContext } from '../../platform/context.ts';
import { queryRows, toBigInt } from '../ledger/index.ts';
import { resultPath, type TPaymentEventStatus } from './provider.ts';
import {
  DECLINED_CARD,
  PENDING_CARD,
  SANDBOX_SIGNATURE_HEADER,
  sandboxWebhookBody,
  signSandboxWebhook,
} from './sandbox-provider.ts';

type TSessionStatus =
  | 'open'
  | 'challenge'
  | 'pending'
  | 'paid'
  | 'failed'
  | 'cancelled'
  | 'voided'
  | 'refunded';
interface TSession {
  id: string;
  transactionId: string;
  method: string;
  amount: bigint;
  currency: string;
  status: TSessionStatus;
  otp: string | null;
  otpAttempts: number;
}

const MAX_OTP_ATTEMPTS = 3;

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)} · Sandbox Pay</title>
<style>body{font-family:system-ui,sans-serif;background:#f4f5f7;margin:0;display:flex;justify-content:center}
main{background:#fff;margin:40px 12px;padding:24px;border-radius:12px;max-width:420px;width:100%;box-shadow:0 2px 12px #0002}
label{display:block;margin:12px 0 4px;font-size:14px}input{width:100%;padding:10px;font-size:16px;box-sizing:border-box}
button{margin-top:16px;padding:12px;width:100%;font-size:16px;border:0;border-radius:8px;background:#1a56db;color:#fff}
button.secondary{background:#e5e7eb;color:#111}.error{color:#b91c1c}.code{font-size:28px;letter-spacing:6px;font-weight:bold}
.amount{font-size:24px;font-weight:bold}small{color:#555}</style></head>
<body><main><p><small>Sandbox Pay — test environment, no real money</small></p>${body}</main></body></html>`;

const cancelForm = (s: TSession) =>
  `<form method="post" action="/sandbox-pay/${escapeHtml(s.id)}/cancel"><button class="secondary" type="submit">Cancel payment</button></form>`;

const amountLine = (s: TSession) => `<p class="amount">${escapeHtml(formatMoney(s.amount, s.currency))}</p>`;

const methodForm = (s: TSession, error = '') => {
  const err = error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : '';
  const action = `/sandbox-pay/${escapeHtml(s.id)}/pay`;
  if (s.method === 'bank_transfer')
    return page(
      'Bank transfer',
      `<h1>Bank transfer</h1>${amountLine(s)}${err}
      <p>Transfer the amount to IBAN <b>DE89 3704 0044 0532 0130 00</b> with reference <b>${escapeHtml(s.transactionId)}</b>.</p>
      <form method="post" action="${action}"><label for="iban">Your IBAN</label>
      <input id="iban" name="iban" autocomplete="off" required><button type="submit">I have sent the transfer</button></form>${cancelForm(s)}`,
    );
  if (s.method === 'ewallet')
    return page(
      'E-wallet',
      `<h1>Sign in to your e-wallet</h1>${amountLine(s)}${err}
      <form method="post" action="${action}"><label for="email">E-mail</label><input id="email" name="email" type="email" required>
      <label for="password">Password</label><input id="password" name="password" type="password" required>
      <button type="submit">Approve payment</button></form>${cancelForm(s)}`,
    );
  return page(
    'Card payment',
    `<h1>Pay by card</h1>${amountLine(s)}${err}
    <form method="post" action="${action}">
    <label for="card_number">Card number</label><input id="card_number" name="card_number" inputmode="numeric" autocomplete="cc-number" required>
    <label for="card_holder">Card holder</label><input id="card_holder" name="card_holder" autocomplete="cc-name" required>
    <label for="expiry">Expiry (MM/YY)</label><input id="expiry" name="expiry" placeholder="MM/YY" autocomplete="cc-exp" required>
    <label for="cvv">CVV</label><input id="cvv" name="cvv" inputmode="numeric" autocomplete="cc-csc" required>
    <button type="submit">Pay ${escapeHtml(formatMoney(s.amount, s.currency))}</button></form>
    <p><small>Test cards: 4000 0000 0000 0002 declines, 4000 0000 0000 0077 stays pending, any other valid card succeeds.</small></p>
    ${cancelForm(s)}`,
  );
};

const challengePage = (s: TSession, error = '') =>
  page(
    '3-D Secure',
    `<h1>Confirm with your bank</h1>${amountLine(s)}
    <p>Your bank sent a one-time code. In the sandbox it is shown here:</p><p class="code" data-testid="otp">${escapeHtml(s.otp ?? '')}</p>
    ${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
    <form method="post" action="/sandbox-pay/${escapeHtml(s.id)}/otp"><label for="code">One-time code</label>
    <input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" required><button type="submit">Confirm</button></form>
    ${cancelForm(s)}`,
  );

const pendingPage = (s: TSession) =>
  page(
    'Payment pending',
    `<h1>Payment pending</h1>${amountLine(s)}<p>The payment is being processed.</p>
    <p><small>Sandbox controls: settle this pending payment as the provider would later.</small></p>
    <form method="post" action="/sandbox-pay/${escapeHtml(s.id)}/settle"><input type="hidden" name="status" value="paid"><button type="submit">Settle as paid</button></form>
    <form method="post" action="/sandbox-pay/${escapeHtml(s.id)}/settle"><input type="hidden" name="status" value="failed"><button class="secondary" type="submit">Settle as failed</button></form>`,
  );

const finalPage = (s: TSession) =>
  page('Payment', `<h1>Payment ${escapeHtml(s.status)}</h1><p>This payment session is closed.</p>`);

export const registerSandboxPages = (app: FastifyInstance, ctx: TAppContext) => {
  const load = async (id: string): Promise<TSession | null> => {
    const [row] = await queryRows<{
      id: string;
      transaction_id: string;
      method: string;
      amount: unknown;
      currency: string;
      status: TSessionStatus;
      otp: string | null;
      otp_attempts: number;
    }>(ctx.db, sql`select * from sandbox_payment_sessions where id = ${id}`);
    return row
      ? {
          id: row.id,
          transactionId: row.transaction_id,
          method: row.method,
          amount: toBigInt(row.amount),
          currency: row.currency,
          status: row.status,
          otp: row.otp,
          otpAttempts: Number(row.otp_attempts),
        }
      : null;
  };

  /** Moves the session on (only from the states given), sends the webhook, redirects the player. */
  const finish = async (
    reply: FastifyReply,
    s: TSession,
    from: TSessionStatus[],
    outcome: TPaymentEventStatus,
    extra: { cardLast4?: string } = {},
  ) => {
    const status: TSessionStatus = outcome === 'paid' ? 'paid' : outcome;
    const moved = await queryRows(
      ctx.db,
      sql`update sandbox_payment_sessions set status = ${status}, updated_at = ${ctx.providers.clock.now()},
            card_last4 = coalesce(${extra.cardLast4 ?? null}, card_last4)
          where id = ${s.id} and status in (${sql.join(
            from.map((f) => sql`${f}`),
            sql`, `,
          )}) returning id`,
    );
    if (moved.length === 0) return reply.redirect(`/sandbox-pay/${s.id}`, 303);
    const body = sandboxWebhookBody(s.id, { ...s, status: outcome });
    const delivered = await app.inject({
      method: 'POST',
      url: '/payments/webhook/sandbox',
      headers: {
        'content-type': 'application/json',
        [SANDBOX_SIGNATURE_HEADER]: signSandboxWebhook(ctx.config, body),
      },
      payload: body,
    });
    if (delivered.statusCode !== 200)
      app.log.warn({ status: delivered.statusCode, session: s.id }, 'sandbox webhook was not accepted');
    // A payment the shop refused (and refunds) ends on the failure page, as a real provider's would.
    const refused =
      delivered.statusCode === 200 && delivered.json<{ status?: string }>().status === 'refunded';
    return reply.redirect(resultPath(refused ? 'failed' : outcome, s.transactionId), 303);
  };

  const html = (reply: FastifyReply, body: string, status = 200) =>
    reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body);

  const notFound = (reply: FastifyReply) =>
    html(reply, page('Not found', '<h1>Payment session not found</h1>'), 404);

  app.get('/sandbox-pay/:id', async (request, reply) => {
    const s = await load((request.params as { id: string }).id);
    if (!s) return notFound(reply);
    if (s.status === 'open') return html(reply, methodForm(s));
    if (s.status === 'challenge') return html(reply, challengePage(s));
    if (s.status === 'pending') return html(reply, pendingPage(s));
    return html(reply, finalPage(s));
  });

  app.post('/sandbox-pay/:id/pay', async (request, reply) => {
    const s = await load((request.params as { id: string }).id);
    if (!s) return notFound(reply);
    if (s.status !== 'open') return reply.redirect(`/sandbox-pay/${s.id}`, 303);
    const form = (request.body ?? {}) as Record<string, string | undefined>;
    if (s.method === 'bank_transfer') {
      if (rules.iban(form.iban ?? '')) return html(reply, methodForm(s, 'Enter a valid IBAN.'), 400);
      return finish(reply, s, ['open'], 'pending');
    }
    if (s.method === 'ewallet') {
      if (rules.email(form.email ?? '') || !form.password)
        return html(reply, methodForm(s, 'Sign in failed.'), 400);
      return finish(reply, s, ['open'], 'paid');
    }
    const number = (form.card_number ?? '').replace(/[\s-]/g, '');
    if (!/^\d{12,19}$/.test(number) || !rules.luhn(number))
      return html(reply, methodForm(s, 'The card number is not valid.'), 400);
    if (rules.cardHolder(form.card_holder ?? ''))
      return html(reply, methodForm(s, 'Enter the card holder.'), 400);
    const expiry = /^(\d{2})\s*\/\s*(\d{2})$/.exec(form.expiry ?? '');
    const now = ctx.providers.clock.now();
    const month = Number(expiry?.[1]);
    const year = 2000 + Number(expiry?.[2]);
    if (!expiry || month < 1 || month > 12 || Date.UTC(year, month, 1) <= now.getTime())
      return html(reply, methodForm(s, 'The card has expired or the date is wrong.'), 400);
    if (!/^\d{3,4}$/.test(form.cvv ?? '')) return html(reply, methodForm(s, 'Enter the CVV.'), 400);
    const cardLast4 = number.slice(-4);
    if (number === DECLINED_CARD) return finish(reply, s, ['open'], 'failed', { cardLast4 });
    if (number === PENDING_CARD) return finish(reply, s, ['open'], 'pending', { cardLast4 });
    const otp = String(ctx.providers.random.int(1_000_000)).padStart(6, '0');
    await ctx.db.execute(
      sql`update sandbox_payment_sessions set status = 'challenge', otp = ${otp}, card_last4 = ${cardLast4},
            updated_at = ${now} where id = ${s.id} and status = 'open'`,
    );
    return reply.redirect(`/sandbox-pay/${s.id}`, 303);
  });

  app.post('/sandbox-pay/:id/otp', async (request, reply) => {
    const s = await load((request.params as { id: string }).id);
    if (!s) return notFound(reply);
    if (s.status !== 'challenge') return reply.redirect(`/sandbox-pay/${s.id}`, 303);
    const code = String((request.body as Record<string, unknown> | undefined)?.code ?? '').trim();
    if (code === s.otp) return finish(reply, s, ['challenge'], 'paid');
    const attempts = s.otpAttempts + 1;
    if (attempts >= MAX_OTP_ATTEMPTS) return finish(reply, s, ['challenge'], 'failed');
    await ctx.db.execute(
      sql`update sandbox_payment_sessions set otp_attempts = ${attempts} where id = ${s.id}`,
    );
    return html(reply, challengePage({ ...s, otpAttempts: attempts }, 'Wrong code, try again.'), 400);
  });

  app.post('/sandbox-pay/:id/cancel', async (request, reply) => {
    const s = await load((request.params as { id: string }).id);
    if (!s) return notFound(reply);
    return finish(reply, s, ['open', 'challenge'], 'cancelled');
  });

  app.post('/sandbox-pay/:id/settle', async (request, reply) => {
    const s = await load((request.params as { id: string }).id);
    if (!s) return notFound(reply);
    const status =
      (request.body as Record<string, unknown> | undefined)?.status === 'paid' ? 'paid' : 'failed';
    return finish(reply, s, ['pending'], status);
  });
};
