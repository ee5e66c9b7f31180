/** The auth module: sign-up, sign-in, recovery, logout and two-factor management (spec §4, §7 Auth). */
import {
  ZChangeTwoFactorAuth,
  ZCheckResetToken,
  ZConfirmTwoFactorAuth,
  ZLogin,
  ZLogout,
  ZRegister,
  ZResetPassword,
  ZRestore,
} from '@casino/contracts/calls/auth';
import type { TModule } from '../../platform/context.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { isSameOriginRequest } from '../../platform/http/same-origin.ts';
import { assertFeatureEnabled } from '../responsible-gaming/index.ts';
import { registerPlayer } from './register-player.ts';
import { runRegistrationHooks } from './registration-hooks.ts';
import { isResetTokenValid, requestPasswordReset, resetPassword } from './restore-password.ts';
import { authAccount, signIn, signInKey } from './sign-in.ts';
import { signInWithTelegram } from './telegram-sign-in.ts';
import { changeTwoFactorAuth, confirmTwoFactorAuth, resealPlayerTotpSecrets } from './two-factor.ts';

const MINUTE = 60;
/** Sign-in and reset limits count by the login as sign-in finds the player, not as typed. */
const byLogin = (params: Record<string, unknown>) => signInKey(params.login || params.email);

/** Locales are codes like `en` or `pt-BR`; anything else falls back to English. */
const registrationLocale = (locale: string) => (/^[a-z]{2}(-[A-Za-z]{2,4})?$/.test(locale) ? locale : 'en');

export const authModule: TModule = {
  name: 'auth',
  register(_app, ctx) {
    ctx.api.handle(
      ZLogin,
      async (params, request, reply) => {
        const player = await signIn(ctx, params);
        await ctx.sessions.start(player.id, request, reply);
        return authAccount(player);
      },
      { rateLimit: { max: 10, windowSeconds: 10 * MINUTE, by: byLogin } },
    );

    ctx.api.handle(
      ZRegister,
      async (params, request, reply) => {
        const locale = registrationLocale(request.locale);
        const { player, created } = params.is_tg
          ? await signInWithTelegram(ctx, params, locale)
          : { player: await registerPlayer(ctx, params, locale), created: true };
        await ctx.sessions.start(player.id, request, reply);
        // A new player however made (the form, or a first Telegram sign-in): first touch, promo code…
        if (created) await runRegistrationHooks(ctx, player, request);
        return authAccount(player);
      },
      { rateLimit: { max: 10, windowSeconds: 60 * MINUTE } },
    );

    ctx.api.handle(
      ZRestore,
      async (params) => {
        await requestPasswordReset(ctx, params.login);
        return true as const;
      },
      { rateLimit: { max: 5, windowSeconds: 15 * MINUTE, by: byLogin } },
    );

    ctx.api.handle(
      ZResetPassword,
      async (params) => {
        await resetPassword(ctx, params);
        return true as const;
      },
      { rateLimit: { max: 10, windowSeconds: 15 * MINUTE } },
    );

    ctx.api.handle(
      ZCheckResetToken,
      async (params) => ({ valid: await isResetTokenValid(ctx, params.token) }),
      {
        rateLimit: { max: 30, windowSeconds: 15 * MINUTE },
      },
    );

    ctx.api.handle(ZLogout, async (_params, request, reply) => {
      // Logout is a GET (spec §7): a link or an image on another site must not sign the player out.
      if (isSameOriginRequest(request, ctx.config)) await ctx.sessions.end(request, reply);
      else request.log.info('logout from another site: the session is kept');
      return true as const;
    });

    ctx.api.handle(
      ZChangeTwoFactorAuth,
      async (params, request) => {
        if (!request.player) throw new AppError('AuthorizationException');
        // The operator's two-factor flag gates turning it on; a player who has it on can always turn it off.
        if (!request.player.twoFactorEnabled) await assertFeatureEnabled(ctx.db, 'isTwoFAEnable');
        return changeTwoFactorAuth(ctx, request.player, params.code);
      },
      { rateLimit: { max: 10, windowSeconds: 10 * MINUTE } },
    );

    ctx.api.handle(
      ZConfirmTwoFactorAuth,
      async (params, request) => {
        if (!request.player) throw new AppError('AuthorizationException');
        await assertFeatureEnabled(ctx.db, 'isTwoFAEnable');
        return confirmTwoFactorAuth(ctx, request.player, params.code);
      },
      { rateLimit: { max: 10, windowSeconds: 10 * MINUTE } },
    );
  },
  seed: resealPlayerTotpSecrets,
};
