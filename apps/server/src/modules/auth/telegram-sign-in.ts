/** Sign-up and sign-in with a Telegram login payload: a new Telegram user gets an account to complete later. */
import type { TRegisterParams } from '@casino/contracts/calls/auth';
import { name } from '@casino/contracts/validation';
import { eq } from 'drizzle-orm';
import type { TAppContext } from '../../platform/context.ts';
import { notAuthorized } from '../../platform/http/app-error.ts';
import type { TPlayer } from '../players/schema.ts';
import { players } from '../players/schema.ts';
import { createPlayer, findPlayerByLogin } from '../players/service.ts';
import { assertMaySignIn } from '../responsible-gaming/guards.ts';
import { assertCanSignIn, assertSecondFactor } from './sign-in.ts';
import { checkTelegramLogin } from './telegram.ts';
import { uniqueViolation } from './unique-identity.ts';

const findByTelegramId = async (ctx: TAppContext, telegramId: string) =>
  (await ctx.db.select().from(players).where(eq(players.telegramId, telegramId)).limit(1))[0];

const freeLogin = async (ctx: TAppContext, telegramId: string) => {
  const base = `tg${telegramId}`;
  if (!(await findPlayerByLogin(ctx.db, base))) return base;
  return `${base}_${ctx.providers.random.bytes(3).toString('hex')}`;
};

export const signInWithTelegram = async (
  ctx: TAppContext,
  params: TRegisterParams,
  locale: string,
): Promise<TPlayer> => {
  const botToken = ctx.config.TELEGRAM_BOT_TOKEN;
  if (!botToken) throw notAuthorized({ message: 'telegram_disabled' });
  const fields = {
    id: params.id,
    username: params.username,
    first_name: params.first_name,
    last_name: params.last_name,
    photo_url: params.photo_url,
    auth_date: params.auth_date,
  };
  const check = checkTelegramLogin(fields, params.hash, botToken, ctx.providers.clock.now());
  if (check === 'invalid') throw notAuthorized({ message: 'invalid_telegram_auth' });
  if (check === 'expired') throw notAuthorized({ message: 'telegram_auth_expired' });

  const existing = await findByTelegramId(ctx, params.id);
  if (existing) {
    assertCanSignIn(existing);
    await assertMaySignIn(ctx.db, existing.id, ctx.providers.clock.now());
    await assertSecondFactor(ctx, existing, params.code);
    return existing;
  }
  const language = params.language_code.toLowerCase();
  try {
    return await createPlayer(ctx.db, {
      login: await freeLogin(ctx, params.id),
      telegramId: params.id,
      isRegistrationCompleted: false,
      locale: /^[a-z]{2}$/.test(language) ? language : locale,
      promoCode: params.promo_code.slice(0, 64) || null,
      isBetting: params.is_betting,
      profile: {
        ...(name(params.first_name) === null ? { first_name: params.first_name.slice(0, 100) } : {}),
        ...(name(params.last_name) === null ? { last_name: params.last_name.slice(0, 100) } : {}),
      },
      createdAt: ctx.providers.clock.now(),
    });
  } catch (error) {
    // Two first sign-ins of one Telegram user raced: the other one made the account.
    if (uniqueViolation(error) === null) throw error;
    const made = await findByTelegramId(ctx, params.id);
    if (!made) throw error;
    return made;
  }
};
