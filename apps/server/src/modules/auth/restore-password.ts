/** Password recovery: a single-use reset link that expires in an hour; only the token's hash is stored. */
import { createHash } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { TAppContext } from '../../platform/context.ts';
import { invalidParameters } from '../../platform/http/app-error.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { publicUrl } from '../../platform/public-url.ts';
import { t } from '../i18n/index.ts';
import { findContact, findPlayerForSignIn, updatePlayer } from '../players/index.ts';
import { invalidPasswordParameters, newPasswordRule, passwordMinLength } from './password-policy.ts';
import { passwordResetTokens } from './schema.ts';

export const RESET_TOKEN_TTL_MS = 3600_000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export const resetLink = (publicUrl: string, token: string) => {
  const url = new URL('/password-reset', publicUrl);
  url.searchParams.set('token', token);
  return url.toString();
};

/** Sends a reset link when the account exists and can be reached; says nothing either way. */
export const requestPasswordReset = async (ctx: TAppContext, login: string): Promise<void> => {
  const player = await findPlayerForSignIn(ctx.db, login);
  if (player?.status !== 'active') return;
  const emailContact = await findContact(ctx.db, player.id, 'email');
  const phoneContact = emailContact ? undefined : await findContact(ctx.db, player.id, 'phone');
  if (!emailContact && !phoneContact) return;

  const token = ctx.providers.random.bytes(32).toString('base64url');
  const now = ctx.providers.clock.now();
  await ctx.db.transaction(async (tx) => {
    // Only the newest link works: asking again retires the earlier ones.
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.playerId, player.id), isNull(passwordResetTokens.usedAt)));
    await tx.insert(passwordResetTokens).values({
      playerId: player.id,
      tokenHash: hashToken(token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
    });
  });
  const link = resetLink(publicUrl(ctx.config), token);
  const minutes = RESET_TOKEN_TTL_MS / 60_000;
  const subject = t(player.locale, 'mail.passwordReset.subject');
  if (emailContact)
    await ctx.messenger.email({
      to: emailContact.value,
      subject,
      text: `${t(player.locale, 'mail.greeting')}\n\n${t(player.locale, 'mail.passwordReset.body', { link, minutes })}\n\n${t(player.locale, 'mail.signature')}`,
      playerId: player.id,
    });
  else if (phoneContact)
    await ctx.messenger.sms({ to: phoneContact.value, text: `${subject}: ${link}`, playerId: player.id });
};

const usableToken = (tokenHash: string, now: Date) =>
  and(
    eq(passwordResetTokens.tokenHash, tokenHash),
    isNull(passwordResetTokens.usedAt),
    gt(passwordResetTokens.expiresAt, now),
  );

export const isResetTokenValid = async (ctx: TAppContext, token: string): Promise<boolean> => {
  if (token === '' || token.length > 200) return false;
  const rows = await ctx.db
    .select({ id: passwordResetTokens.id })
    .from(passwordResetTokens)
    .where(usableToken(hashToken(token), ctx.providers.clock.now()))
    .limit(1);
  return rows.length > 0;
};

/** Sets the new password, spends the token and ends every session of the player. */
export const resetPassword = async (
  ctx: TAppContext,
  input: { token: string; password: string; password_confirmation: string },
): Promise<void> => {
  const errors: Record<string, string> = {};
  const min = await passwordMinLength(ctx.db);
  const failure = newPasswordRule(min)(input.password);
  if (failure) errors.password = failure;
  if (input.password_confirmation !== input.password) errors.password_confirmation = 'passwordsNotEqual';
  if (Object.keys(errors).length > 0) throw invalidPasswordParameters(errors, min);
  if (input.token.length > 200) throw invalidParameters({ token: 'wrongField' });

  const passwordHash = await hashPassword(input.password);
  const now = ctx.providers.clock.now();
  const playerId = await ctx.db.transaction(async (tx) => {
    // Spending the token and changing the password happen together or not at all; a second use finds nothing.
    const [spent] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(usableToken(hashToken(input.token), now))
      .returning({ playerId: passwordResetTokens.playerId });
    if (!spent) throw invalidParameters({ token: 'wrongField' });
    await updatePlayer(tx, spent.playerId, { passwordHash });
    return spent.playerId;
  });
  await ctx.sessions.endAll(playerId);
};
