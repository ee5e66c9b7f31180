/** Two-factor management (enable with a pending secret, confirm, disable) and the code check used at sign-in. */
import { sql } from 'drizzle-orm';
import type { TAppContext } from '../../platform/context.ts';
import type { TExecutor } from '../../platform/db/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { matchTotp, newTotpSecret, totpQrCode, totpUri } from '../../platform/totp.ts';
import type { TPlayer } from '../players/index.ts';
import { resealTwoFactorSecrets, updatePlayer } from '../players/index.ts';
import { totpUsedSteps } from './schema.ts';

/**
 * Spends a time step for a player: true only when it is newer than every step they used before, so a code
 * (or an older one still inside the window) cannot be replayed. Atomic, so two racing requests cannot both win.
 */
export const claimTotpStep = async (db: TExecutor, playerId: number, step: number): Promise<boolean> => {
  const rows = await db
    .insert(totpUsedSteps)
    .values({ playerId, lastStep: step })
    .onConflictDoUpdate({
      target: totpUsedSteps.playerId,
      set: { lastStep: sql`excluded.last_step` },
      setWhere: sql`${totpUsedSteps.lastStep} < excluded.last_step`,
    })
    .returning({ playerId: totpUsedSteps.playerId });
  return rows.length > 0;
};

/**
 * Checks a code against a stored (sealed) secret and spends its step; false for a wrong, expired or replayed
 * code.
 */
export const acceptTotpCode = async (ctx: TAppContext, playerId: number, stored: string, code: string) => {
  const step = matchTotp(ctx.totpSecrets.open(stored), code, ctx.providers.clock.now());
  if (step === null) return false;
  return claimTotpStep(ctx.db, playerId, step);
};

const invalidCode = () =>
  new AppError('InvalidParameterException', {
    invalid_parameters: { code: 'wrongCode' },
    message: 'invalid_code',
  });

export type TTwoFactorChange =
  | { secret: string; otpauth_uri: string; qr_code: string }
  | { two_factor_auth: false };

/** Off: makes a new pending secret to confirm. On: turns it off, given a valid current code. */
export const changeTwoFactorAuth = async (
  ctx: TAppContext,
  player: TPlayer,
  code: string,
): Promise<TTwoFactorChange> => {
  if (player.twoFactorEnabled && player.twoFactorSecret) {
    if (code === '')
      throw new AppError('InvalidParameterException', { invalid_parameters: { code: 'requiredField' } });
    if (!(await acceptTotpCode(ctx, player.id, player.twoFactorSecret, code))) throw invalidCode();
    await updatePlayer(ctx.db, player.id, {
      twoFactorEnabled: false,
      twoFactorSecret: null,
      twoFactorPendingSecret: null,
    });
    return { two_factor_auth: false };
  }
  const secret = newTotpSecret(ctx.providers.random);
  await updatePlayer(ctx.db, player.id, { twoFactorPendingSecret: ctx.totpSecrets.seal(secret) });
  const uri = totpUri(secret, player.login);
  return { secret, otpauth_uri: uri, qr_code: await totpQrCode(uri) };
};

/** Seals again every player's TOTP secret stored in clear or under an old key (at boot). */
export const resealPlayerTotpSecrets = async (ctx: TAppContext) => {
  await resealTwoFactorSecrets(ctx.db, ctx.totpSecrets);
};

/** Turns two-factor on when the code matches the pending secret. */
export const confirmTwoFactorAuth = async (ctx: TAppContext, player: TPlayer, code: string) => {
  if (player.twoFactorEnabled)
    throw new AppError('InvalidRequestException', { code: 'already_enabled', message: 'already_enabled' });
  const pending = player.twoFactorPendingSecret;
  if (!pending)
    throw new AppError('InvalidRequestException', { code: 'not_started', message: 'not_started' });
  if (!(await acceptTotpCode(ctx, player.id, pending, code))) throw invalidCode();
  await updatePlayer(ctx.db, player.id, {
    twoFactorEnabled: true,
    twoFactorSecret: ctx.totpSecrets.seal(ctx.totpSecrets.open(pending)),
    twoFactorPendingSecret: null,
  });
  return { two_factor_auth: true as const };
};
