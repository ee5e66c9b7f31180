/**
 * Operator sign-in in two steps: e-mail and password (argon2id), then a TOTP code. An operator whose TOTP is not
 * yet confirmed is sent to enrolment (QR code + a confirming code) instead. Attempts are rate-limited per IP and
 * per e-mail; a session that gets 5 wrong codes is ended. A code's time step is spent once (no replay).
 */
import { and, eq, lt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TAppContext } from '../../platform/context.ts';
import { verifyPassword } from '../../platform/passwords.ts';
import { matchTotp } from '../../platform/totp.ts';
import { recordAudit } from './audit-log.ts';
import type { TOperatorSessions, TResolvedOperator } from './operator-session.ts';
import { findOperatorByEmail } from './operators.ts';
import { operators } from './schema.ts';

export const LOGIN_WINDOW_SECONDS = 15 * 60;
export const LOGIN_MAX_PER_IP = 20;
export const LOGIN_MAX_PER_EMAIL = 5;
export const TOTP_MAX_FAILURES = 5;

export type TPasswordResult =
  | { ok: true; next: 'totp' | 'enrol' }
  | { ok: false; reason: 'invalid' }
  | { ok: false; reason: 'rate_limited'; retryAfter: number };

export const signInWithPassword = async (
  ctx: TAppContext,
  sessions: TOperatorSessions,
  request: FastifyRequest,
  reply: FastifyReply,
  input: { email: string; password: string },
): Promise<TPasswordResult> => {
  const email = input.email.trim().toLowerCase();
  const at = ctx.providers.clock.now();
  const byIp = await ctx.rateLimiter.hit(`admin-login:ip:${request.ip}`, LOGIN_WINDOW_SECONDS);
  const byEmail = await ctx.rateLimiter.hit(`admin-login:email:${email}`, LOGIN_WINDOW_SECONDS);
  if (byIp.count > LOGIN_MAX_PER_IP || byEmail.count > LOGIN_MAX_PER_EMAIL) {
    await recordAudit(
      ctx.db,
      { id: null, email: email.slice(0, 200) || '(none)', ip: request.ip },
      { action: 'operator.login_rate_limited', at },
    );
    return {
      ok: false,
      reason: 'rate_limited',
      retryAfter: Math.max(byIp.resetSeconds, byEmail.resetSeconds),
    };
  }
  const operator = email ? await findOperatorByEmail(ctx.db, email) : undefined;
  const valid = await verifyPassword(operator?.passwordHash, input.password);
  if (!operator || !valid || operator.status !== 'active') {
    await recordAudit(
      ctx.db,
      { id: operator?.id ?? null, email: email.slice(0, 200) || '(none)', ip: request.ip },
      { action: 'operator.login_failed', reason: operator ? 'password' : 'unknown e-mail', at },
    );
    return { ok: false, reason: 'invalid' };
  }
  await ctx.rateLimiter.reset(`admin-login:email:${email}`);
  const next = operator.totpConfirmedAt ? 'totp' : 'enrol';
  await sessions.start(operator.id, next, request, reply);
  return { ok: true, next };
};

export type TCodeResult = { ok: true } | { ok: false; reason: 'invalid' | 'locked' };

/**
 * Checks a code for the half-signed-in session (stage 'totp' or 'enrol'). On success the step is spent, the
 * enrolment (if any) confirmed and the session replaced by a full one; the sign-in is audited.
 */
export const completeWithCode = async (
  ctx: TAppContext,
  sessions: TOperatorSessions,
  current: TResolvedOperator,
  code: string,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<TCodeResult> => {
  const { operator, session } = current;
  const at = ctx.providers.clock.now();
  const actor = { id: operator.id, email: operator.email, ip: request.ip };
  const step = matchTotp(ctx.totpSecrets.open(operator.totpSecret), code.replace(/\s/g, ''), at);
  // Spend the step atomically: two requests with one code cannot both pass.
  const spent =
    step !== null &&
    (
      await ctx.db
        .update(operators)
        .set({
          totpLastStep: step,
          lastLoginAt: at,
          ...(session.stage === 'enrol' ? { totpConfirmedAt: at } : {}),
        })
        .where(and(eq(operators.id, operator.id), lt(operators.totpLastStep, step)))
        .returning({ id: operators.id })
    ).length > 0;
  if (!spent) {
    const failures = await sessions.countFailure(session.id);
    await recordAudit(ctx.db, actor, {
      action: session.stage === 'enrol' ? 'operator.enrol_failed' : 'operator.totp_failed',
      target: { type: 'operator', id: operator.id },
      reason: step === null ? 'wrong code' : 'code already used',
      at,
    });
    if (failures >= TOTP_MAX_FAILURES) {
      await sessions.end(request, reply);
      return { ok: false, reason: 'locked' };
    }
    return { ok: false, reason: 'invalid' };
  }
  if (session.stage === 'enrol')
    await recordAudit(ctx.db, actor, {
      action: 'operator.totp_enrolled',
      target: { type: 'operator', id: operator.id },
      at,
    });
  await recordAudit(ctx.db, actor, {
    action: 'operator.login',
    target: { type: 'operator', id: operator.id },
    after: { user_agent: String(request.headers['user-agent'] ?? '').slice(0, 200) },
    at,
  });
  await sessions.start(operator.id, 'full', request, reply);
  return { ok: true };
};
