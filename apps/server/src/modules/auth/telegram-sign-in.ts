/**
 * Sign-up and sign-in with Telegram: the Login Widget's fields, or the Mini App's initData when the site runs
 * inside Telegram (both HMAC-checked with the bot token, auth_date fresh). A new Telegram user gets an account to
 * complete later.
 */
import type { TRegisterParams } from '@casino/contracts/calls/auth';
import { name } from '@casino/contracts/validation';
import type { TAppContext } from '../../platform/context.ts';
import { notAuthorized } from '../../platform/http/app-error.ts';
import type { TPlayer } from '../players/index.ts';
import { createPlayer, findPlayerByLogin, findPlayerByTelegramId } from '../players/index.ts';
import { assertMaySignIn } from '../responsible-gaming/index.ts';
import { assertTermsAccepted, registrationRules } from './registration-rules.ts';
import { assertCanSignIn, assertSecondFactor } from './sign-in.ts';
import { checkTelegramLogin } from './telegram.ts';
import { checkWebAppInitData } from './telegram-webapp.ts';
import { uniqueViolation } from './unique-identity.ts';

const findByTelegramId = (ctx: TAppContext, telegramId: string) => findPlayerByTelegramId(ctx.db, telegramId);

const freeLogin = async (ctx: TAppContext, telegramId: string) => {
  const base = `tg${telegramId}`;
  if (!(await findPlayerByLogin(ctx.db, base))) return base;
  return `${base}_${ctx.providers.random.bytes(3).toString('hex')}`;
};

interface TTelegramUser {
  id: string;
  first_name: string;
  last_name: string;
  language_code: string;
}

/** The Telegram user the request proves, from initData when sent, else from the widget's fields. */
const checkedUser = (params: TRegisterParams, botToken: string, now: Date): TTelegramUser => {
  if (params.init_data !== '') {
    const check = checkWebAppInitData(params.init_data, botToken, now);
    if (check.status === 'invalid') throw notAuthorized({ message: 'invalid_telegram_auth' });
    if (check.status === 'expired') throw notAuthorized({ message: 'telegram_auth_expired' });
    const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
    return {
      id: String(check.user.id),
      first_name: text(check.user.first_name),
      last_name: text(check.user.last_name),
      language_code: text(check.user.language_code) || params.language_code,
    };
  }
  const fields = {
    id: params.id,
    username: params.username,
    first_name: params.first_name,
    last_name: params.last_name,
    photo_url: params.photo_url,
    auth_date: params.auth_date,
  };
  const check = checkTelegramLogin(fields, params.hash, botToken, now);
  if (check === 'invalid') throw notAuthorized({ message: 'invalid_telegram_auth' });
  if (check === 'expired') throw notAuthorized({ message: 'telegram_auth_expired' });
  return params;
};

export const signInWithTelegram = async (
  ctx: TAppContext,
  params: TRegisterParams,
  locale: string,
): Promise<{ player: TPlayer; created: boolean }> => {
  const botToken = ctx.config.TELEGRAM_BOT_TOKEN;
  if (!botToken) throw notAuthorized({ message: 'telegram_disabled' });
  const user = checkedUser(params, botToken, ctx.providers.clock.now());

  const existing = await findByTelegramId(ctx, user.id);
  if (existing) {
    assertCanSignIn(existing);
    await assertMaySignIn(ctx.db, existing.id, ctx.providers.clock.now());
    await assertSecondFactor(ctx, existing, params.code);
    return { player: existing, created: false };
  }
  // A first sign-in makes an account: the operator's terms must be accepted first (issue 41).
  assertTermsAccepted(await registrationRules(ctx.db), params.terms);
  const language = user.language_code.toLowerCase();
  try {
    const player = await createPlayer(ctx.db, {
      login: await freeLogin(ctx, user.id),
      telegramId: user.id,
      isRegistrationCompleted: false,
      locale: /^[a-z]{2}$/.test(language) ? language : locale,
      promoCode: params.promo_code.slice(0, 64) || null,
      isBetting: params.is_betting,
      profile: {
        ...(name(user.first_name) === null ? { first_name: user.first_name.slice(0, 100) } : {}),
        ...(name(user.last_name) === null ? { last_name: user.last_name.slice(0, 100) } : {}),
      },
      createdAt: ctx.providers.clock.now(),
    });
    return { player, created: true };
  } catch (error) {
    // Two first sign-ins of one Telegram user raced: the other one made the account.
    if (uniqueViolation(error) === null) throw error;
    const made = await findByTelegramId(ctx, user.id);
    if (!made) throw error;
    return { player: made, created: false };
  }
};
