/**
 * POST /auth/local `{ identifier, password, totp }` → `{ jwt, user }`. The identifier is the operator's e-mail;
 * the password is checked with argon2id (an unknown e-mail spends the same time and gets the same answer); only
 * an active operator whose role may edit content gets in, with the TOTP code. Attempts are limited per IP and per
 * e-mail like the back-office sign-in; every attempt is audited.
 */
import type { FastifyRequest } from 'fastify';
import type { TAppContext } from '../../platform/context.ts';
import { verifyPassword } from '../../platform/passwords.ts';
import {
  findOperatorByEmail,
  LOGIN_MAX_PER_EMAIL,
  LOGIN_MAX_PER_IP,
  LOGIN_WINDOW_SECONDS,
  recordAudit,
} from '../backoffice/index.ts';
import { EMAIL_RULE, PASSWORD_RULE, readFields, TOTP_RULE } from './body-fields.ts';
import { mayEditContent, signedInAnswer } from './editors.ts';
import { checkSecondFactor } from './second-factor.ts';
import { forbiddenError, rateLimitError, validationError } from './strapi-errors.ts';

export const INVALID_CREDENTIALS = 'Invalid identifier or password';

export const signInLocal = async (ctx: TAppContext, request: FastifyRequest) => {
  const input = readFields(request.body, {
    identifier: EMAIL_RULE,
    password: PASSWORD_RULE,
    totp: TOTP_RULE,
  });
  const email = input.identifier.trim().toLowerCase();
  const at = ctx.providers.clock.now();
  const actor = { id: null, email: email.slice(0, 200), ip: request.ip };
  const byIp = await ctx.rateLimiter.hit(`content-login:ip:${request.ip}`, LOGIN_WINDOW_SECONDS);
  const byEmail = await ctx.rateLimiter.hit(`content-login:email:${email}`, LOGIN_WINDOW_SECONDS);
  if (byIp.count > LOGIN_MAX_PER_IP || byEmail.count > LOGIN_MAX_PER_EMAIL) {
    await recordAudit(ctx.db, actor, { action: 'content.login_rate_limited', at });
    throw rateLimitError(Math.max(byIp.resetSeconds, byEmail.resetSeconds));
  }
  const operator = await findOperatorByEmail(ctx.db, email);
  const valid = await verifyPassword(operator?.passwordHash, input.password);
  if (!operator || !valid || operator.status !== 'active') {
    await recordAudit(
      ctx.db,
      { ...actor, id: operator?.id ?? null },
      { action: 'content.login_failed', reason: operator ? 'password' : 'unknown e-mail', at },
    );
    throw validationError(INVALID_CREDENTIALS);
  }
  const known = { id: operator.id, email: operator.email, ip: request.ip };
  if (!mayEditContent(operator)) {
    await recordAudit(ctx.db, known, {
      action: 'content.login_refused',
      target: { type: 'operator', id: operator.id },
      reason: `role ${operator.role} may not edit content`,
      at,
    });
    throw forbiddenError('Your role may not edit content');
  }
  await checkSecondFactor(ctx, operator, input.totp, known);
  await ctx.rateLimiter.reset(`content-login:email:${email}`);
  await recordAudit(ctx.db, known, {
    action: 'content.login',
    target: { type: 'operator', id: operator.id },
    after: { user_agent: String(request.headers['user-agent'] ?? '').slice(0, 200) },
    at,
  });
  return signedInAnswer(ctx, operator);
};
