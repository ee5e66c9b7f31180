/**
 * The back-office's TOTP rule for the content client: an editor signs in with the current code of the authenticator
 * enrolled in the back-office, sent as `totp` beside the password. An operator not yet enrolled is sent to the
 * back-office first. A code's time step is spent once (no replay); 5 attempts in 15 minutes, then a wait.
 */
import type { TAppContext } from '../../platform/context.ts';
import { matchTotp } from '../../platform/totp.ts';
import type { TOperator } from '../backoffice/index.ts';
import {
  LOGIN_WINDOW_SECONDS,
  recordAudit,
  spendOperatorTotpStep,
  type TActor,
  TOTP_MAX_FAILURES,
} from '../backoffice/index.ts';
import { applicationError, fieldError, rateLimitError } from './strapi-errors.ts';

export const TOTP_FIELD = 'totp';

export const checkSecondFactor = async (
  ctx: TAppContext,
  operator: TOperator,
  code: string,
  actor: TActor,
): Promise<void> => {
  if (!operator.totpConfirmedAt)
    throw applicationError(
      'Two-factor authentication is not set up: sign in to the back-office once to enrol an authenticator',
    );
  if (code === '')
    throw fieldError(
      TOTP_FIELD,
      'totp is a required field: this account uses two-factor authentication, send the current code',
    );
  const key = `content-totp:operator:${operator.id}`;
  const attempts = await ctx.rateLimiter.hit(key, LOGIN_WINDOW_SECONDS);
  if (attempts.count > TOTP_MAX_FAILURES) throw rateLimitError(attempts.resetSeconds);
  const at = ctx.providers.clock.now();
  const step = matchTotp(ctx.totpSecrets.open(operator.totpSecret), code.replace(/\s/g, ''), at);
  const spent = step !== null && (await spendOperatorTotpStep(ctx.db, operator.id, step, at));
  if (!spent) {
    await recordAudit(ctx.db, actor, {
      action: 'content.totp_failed',
      target: { type: 'operator', id: operator.id },
      reason: step === null ? 'wrong code' : 'code already used',
      at,
    });
    throw fieldError(TOTP_FIELD, 'Invalid two-factor code');
  }
  await ctx.rateLimiter.reset(key);
};
