/**
 * POST /auth/change-password (bearer) `{ currentPassword, password, passwordConfirmation }` → `{ jwt, user }`:
 * the current password checked with argon2id (5 tries in 15 minutes), the new one set and the token version bumped,
 * so every earlier token (this one too) stops working; the answer carries a fresh token. Audited.
 */
import type { FastifyRequest } from 'fastify';
import type { TAppContext } from '../../platform/context.ts';
import { verifyPassword } from '../../platform/passwords.ts';
import {
  findOperatorById,
  LOGIN_MAX_PER_EMAIL,
  LOGIN_WINDOW_SECONDS,
  recordAudit,
  setOperatorPassword,
} from '../backoffice/index.ts';
import { PASSWORD_RULE, readFields } from './body-fields.ts';
import { bearerEditor, signedInAnswer } from './editors.ts';
import { checkNewPassword } from './new-password.ts';
import { rateLimitError, unauthorizedError, validationError } from './strapi-errors.ts';

export const changePassword = async (ctx: TAppContext, request: FastifyRequest) => {
  const operator = await bearerEditor(ctx, request);
  const input = readFields(request.body, {
    currentPassword: PASSWORD_RULE,
    password: PASSWORD_RULE,
    passwordConfirmation: PASSWORD_RULE,
  });
  checkNewPassword(input.password, input.passwordConfirmation);
  const key = `content-change-password:operator:${operator.id}`;
  const attempts = await ctx.rateLimiter.hit(key, LOGIN_WINDOW_SECONDS);
  if (attempts.count > LOGIN_MAX_PER_EMAIL) throw rateLimitError(attempts.resetSeconds);
  const at = ctx.providers.clock.now();
  const actor = { id: operator.id, email: operator.email, ip: request.ip };
  if (!(await verifyPassword(operator.passwordHash, input.currentPassword))) {
    await recordAudit(ctx.db, actor, {
      action: 'content.password_change_failed',
      target: { type: 'operator', id: operator.id },
      reason: 'current password',
      at,
    });
    throw validationError('The provided current password is invalid');
  }
  if (input.currentPassword === input.password)
    throw validationError('Your new password must be different than your current password');
  await ctx.rateLimiter.reset(key);
  await ctx.db.transaction(async (tx) => {
    await setOperatorPassword(tx, operator.id, input.password);
    await recordAudit(tx, actor, {
      action: 'content.password_changed',
      target: { type: 'operator', id: operator.id },
      at,
    });
  });
  const changed = await findOperatorById(ctx.db, operator.id);
  if (!changed) throw unauthorizedError();
  return signedInAnswer(ctx, changed);
};
