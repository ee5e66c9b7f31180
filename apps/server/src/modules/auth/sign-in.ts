/** Sign-in by login, e-mail or phone and password, with the TOTP second step when two-factor is on. */
import type { TAuthAccount } from '@casino/contracts/calls/auth';
import { normaliseLogin, stripEmoji } from '@casino/contracts/validation';
import type { TAppContext } from '../../platform/context.ts';
import { AppError, notAuthorized } from '../../platform/http/app-error.ts';
import { verifyPassword } from '../../platform/passwords.ts';
import { secondsUntilNextCode } from '../../platform/totp.ts';
import type { TPlayer } from '../players/index.ts';
import { findPlayerForSignIn, loginKey } from '../players/index.ts';
import { assertMaySignIn } from '../responsible-gaming/index.ts';
import { acceptTotpCode } from './two-factor.ts';

export const authAccount = (player: TPlayer): TAuthAccount => ({
  uid: player.id,
  login: player.login,
  is_registration_completed: player.isRegistrationCompleted,
  locale: player.locale,
});

/** Refuses a banned or deleted account (only ever said after the credentials proved who is asking). */
export const assertCanSignIn = (player: TPlayer) => {
  if (player.status === 'banned') throw new AppError('UserBannedException');
  if (player.status === 'deleted') throw new AppError('UserDeletedException');
};

/**
 * The login as sign-in finds the player: the contract's emoji strip, trim and leading plus removed, then the
 * lookup's case-insensitive key. Every spelling of one login counts against one rate-limit budget.
 */
export const signInKey = (raw: unknown): string =>
  loginKey(normaliseLogin(stripEmoji(typeof raw === 'string' ? raw : String(raw ?? ''))));

/** Wrong codes per account, whichever identifier (login, e-mail, phone) and address they come through. */
const SECOND_FACTOR_LIMIT = { max: 10, windowSeconds: 10 * 60 };

/**
 * The second factor: no code → the popup moves to its two-factor step (spec §4 Login, step 2);
 * a wrong, expired or replayed code → invalid_code.
 */
export const assertSecondFactor = async (ctx: TAppContext, player: TPlayer, code: string) => {
  if (!player.twoFactorEnabled || !player.twoFactorSecret) return;
  if (code === '')
    throw notAuthorized({
      message: 'two_factor_enabled',
      resend_time: secondsUntilNextCode(ctx.providers.clock.now()),
      login: player.login,
    });
  const key = `signin-2fa:${player.id}`;
  const attempts = await ctx.rateLimiter.hit(key, SECOND_FACTOR_LIMIT.windowSeconds);
  if (attempts.count > SECOND_FACTOR_LIMIT.max)
    throw new AppError('TooManyRequestsException', { retry_after: attempts.resetSeconds });
  if (!(await acceptTotpCode(ctx, player.id, player.twoFactorSecret, code)))
    throw notAuthorized({ message: 'invalid_code' });
  await ctx.rateLimiter.reset(key);
};

/** The player these credentials belong to; one and the same refusal for an unknown login and a wrong password. */
export const signIn = async (
  ctx: TAppContext,
  input: { login: string; password: string; code: string },
): Promise<TPlayer> => {
  const player = await findPlayerForSignIn(ctx.db, input.login);
  const matches = await verifyPassword(player?.passwordHash, input.password);
  if (!player || !matches) throw notAuthorized({ message: 'wrong_credentials' });
  assertCanSignIn(player);
  await assertMaySignIn(ctx.db, player.id, ctx.providers.clock.now());
  await assertSecondFactor(ctx, player, input.code);
  return player;
};
