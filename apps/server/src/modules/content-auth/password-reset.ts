/**
 * POST /auth/forgot-password `{ email }` → `{ ok: true }` whether or not an editor has that address (no account
 * enumeration); an active editor gets a single-use code by mail (the app's outbox or SMTP), valid one hour, only its
 * hash stored. POST /auth/reset-password `{ code, password, passwordConfirmation, totp }` → `{ jwt, user }`: the
 * code and the TOTP code together (a mailbox alone does not open the account), the password replaced, the token
 * version bumped so earlier tokens stop working. Both audited.
 */
import { createHash } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { TAppContext } from '../../platform/context.ts';
import {
  findOperatorByEmail,
  findOperatorById,
  LOGIN_MAX_PER_EMAIL,
  LOGIN_MAX_PER_IP,
  LOGIN_WINDOW_SECONDS,
  recordAudit,
  setOperatorPassword,
} from '../backoffice/index.ts';
import { EMAIL_RULE, PASSWORD_RULE, readFields, TOTP_RULE } from './body-fields.ts';
import { mayEditContent, signedInAnswer } from './editors.ts';
import { checkNewPassword } from './new-password.ts';
import { contentAuthResetCodes } from './schema.ts';
import { checkSecondFactor } from './second-factor.ts';
import { rateLimitError, validationError } from './strapi-errors.ts';

export const RESET_CODE_TTL_MS = 3600_000;
export const INCORRECT_CODE = 'Incorrect code provided';

const hashCode = (code: string) => createHash('sha256').update(code).digest('hex');

export const resetMailText = (code: string) =>
  [
    'Hello,',
    '',
    'Someone asked to reset the password of your content editor account.',
    `Your reset code, valid for ${RESET_CODE_TTL_MS / 60_000} minutes: ${code}`,
    'Enter it in the content editor with your new password and your two-factor code.',
    'If you did not ask for this, ignore this message; your password stays as it is.',
  ].join('\n');

export const forgotPassword = async (ctx: TAppContext, request: FastifyRequest) => {
  const input = readFields(request.body, { email: EMAIL_RULE });
  const email = input.email.trim().toLowerCase();
  const byIp = await ctx.rateLimiter.hit(`content-forgot:ip:${request.ip}`, LOGIN_WINDOW_SECONDS);
  if (byIp.count > LOGIN_MAX_PER_IP) throw rateLimitError(byIp.resetSeconds);
  // Per address the limit is silent: the answer must not tell whether the address is an editor's.
  const byEmail = await ctx.rateLimiter.hit(`content-forgot:email:${email}`, LOGIN_WINDOW_SECONDS);
  const operator = await findOperatorByEmail(ctx.db, email);
  if (!operator || !mayEditContent(operator) || byEmail.count > LOGIN_MAX_PER_EMAIL) return { ok: true };

  const code = ctx.providers.random.bytes(32).toString('base64url');
  const now = ctx.providers.clock.now();
  await ctx.db.transaction(async (tx) => {
    // Only the newest code works: asking again retires the earlier ones.
    await tx
      .update(contentAuthResetCodes)
      .set({ usedAt: now })
      .where(and(eq(contentAuthResetCodes.operatorId, operator.id), isNull(contentAuthResetCodes.usedAt)));
    await tx.insert(contentAuthResetCodes).values({
      operatorId: operator.id,
      codeHash: hashCode(code),
      createdAt: now,
      expiresAt: new Date(now.getTime() + RESET_CODE_TTL_MS),
    });
    await recordAudit(
      tx,
      { id: operator.id, email: operator.email, ip: request.ip },
      { action: 'content.password_reset_requested', target: { type: 'operator', id: operator.id }, at: now },
    );
  });
  await ctx.messenger.email({
    to: operator.email,
    subject: 'Reset your content editor password',
    text: resetMailText(code),
  });
  return { ok: true };
};

export const resetPassword = async (ctx: TAppContext, request: FastifyRequest) => {
  const input = readFields(request.body, {
    code: { required: true, max: 200 },
    password: PASSWORD_RULE,
    passwordConfirmation: PASSWORD_RULE,
    totp: TOTP_RULE,
  });
  checkNewPassword(input.password, input.passwordConfirmation);
  const byIp = await ctx.rateLimiter.hit(`content-reset:ip:${request.ip}`, LOGIN_WINDOW_SECONDS);
  if (byIp.count > LOGIN_MAX_PER_IP) throw rateLimitError(byIp.resetSeconds);
  const now = ctx.providers.clock.now();
  const usable = and(
    eq(contentAuthResetCodes.codeHash, hashCode(input.code)),
    isNull(contentAuthResetCodes.usedAt),
    gt(contentAuthResetCodes.expiresAt, now),
  );
  const [found] = await ctx.db
    .select({ operatorId: contentAuthResetCodes.operatorId })
    .from(contentAuthResetCodes)
    .where(usable)
    .limit(1);
  const editor = found ? await findOperatorById(ctx.db, found.operatorId) : undefined;
  if (!editor || !mayEditContent(editor)) throw validationError(INCORRECT_CODE);
  const actor = { id: editor.id, email: editor.email, ip: request.ip };
  // The TOTP code first: a wrong one leaves the reset code usable.
  await checkSecondFactor(ctx, editor, input.totp, actor);
  const operatorId = await ctx.db.transaction(async (tx) => {
    // The code is spent with the password change or not at all; a second use finds nothing.
    const [spent] = await tx
      .update(contentAuthResetCodes)
      .set({ usedAt: now })
      .where(and(usable, eq(contentAuthResetCodes.operatorId, editor.id)))
      .returning({ operatorId: contentAuthResetCodes.operatorId });
    if (!spent) throw validationError(INCORRECT_CODE);
    await setOperatorPassword(tx, editor.id, input.password);
    await recordAudit(tx, actor, {
      action: 'content.password_reset',
      target: { type: 'operator', id: editor.id },
      at: now,
    });
    return editor.id;
  });
  const operator = await findOperatorById(ctx.db, operatorId);
  if (!operator) throw validationError(INCORRECT_CODE);
  return signedInAnswer(ctx, operator);
};
