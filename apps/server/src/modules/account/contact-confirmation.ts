/**
 * Contact confirmation: a code of the operator's length (the validator config's `code` entry, 6 by default), valid
 * 15 minutes, stored only as an HMAC, sent by mail or SMS.
 * One send per 60 s; 5 wrong tries void the code (the player must ask for a new one).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, lte, ne, or, sql } from 'drizzle-orm';
import type { TAppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { publicUrl } from '../../platform/public-url.ts';
import { validatorLimits } from '../auth/index.ts';
import { t } from '../i18n/index.ts';
import type { TPlayer } from '../players/index.ts';
import { findPlayerById, markContactConfirmed, updatePlayer } from '../players/index.ts';
import { requireContact, type TContactType } from './contacts.ts';
import { contactConfirmations } from './schema.ts';

export const CODE_TTL_MS = 15 * 60_000;
export const RESEND_INTERVAL_MS = 60_000;
export const MAX_CODE_ATTEMPTS = 5;

const hashCode = (secret: string, playerId: number, type: TContactType, value: string, code: string) =>
  createHmac('sha256', secret).update(`${playerId}:${type}:${value.toLowerCase()}:${code}`).digest('hex');

const wrongCode = (message?: string) =>
  new AppError('InvalidParameterException', {
    invalid_parameters: { code: 'wrongCode' },
    ...(message ? { message } : {}),
  });

const findPending = async (ctx: TAppContext, playerId: number, type: TContactType) =>
  (
    await ctx.db
      .select()
      .from(contactConfirmations)
      .where(and(eq(contactConfirmations.playerId, playerId), eq(contactConfirmations.type, type)))
      .limit(1)
  )[0];

export const sendConfirmation = async (ctx: TAppContext, player: TPlayer, type: TContactType) => {
  const contact = await requireContact(ctx.db, player.id, type);
  if (contact.isConfirmed)
    throw new AppError('InvalidParameterException', {
      invalid_parameters: { contact: 'wrongField' },
      message: 'Contact already confirmed',
    });
  const now = ctx.providers.clock.now();
  const { codeLength } = await validatorLimits(ctx.db);
  // Digit by digit: a 10-digit code is beyond one draw of random.int.
  const code = Array.from({ length: codeLength }, () => ctx.providers.random.int(10)).join('');
  const row = {
    playerId: player.id,
    type,
    contactValue: contact.value,
    codeHash: hashCode(ctx.config.SESSION_SECRET, player.id, type, contact.value, code),
    attempts: 0,
    sentAt: now,
    expiresAt: new Date(now.getTime() + CODE_TTL_MS),
  };
  // The throttle is part of the write, so two sends at once cannot both pass it.
  const written = await ctx.db
    .insert(contactConfirmations)
    .values(row)
    .onConflictDoUpdate({
      target: [contactConfirmations.playerId, contactConfirmations.type],
      set: row,
      // a contact just replaced by a new value may get its code at once
      setWhere: or(
        lte(contactConfirmations.sentAt, new Date(now.getTime() - RESEND_INTERVAL_MS)),
        ne(contactConfirmations.contactValue, contact.value),
      ),
    })
    .returning({ type: contactConfirmations.type });
  if (written.length === 0) {
    const pending = await findPending(ctx, player.id, type);
    const wait = (pending?.sentAt.getTime() ?? now.getTime()) + RESEND_INTERVAL_MS - now.getTime();
    throw new AppError('TooManyRequestsException', { retry_after: Math.max(1, Math.ceil(wait / 1000)) });
  }

  const locale = player.locale;
  const minutes = CODE_TTL_MS / 60_000;
  if (type === 'email') {
    // The mail carries the code and a link that confirms in one click (the site's /confirmation page).
    const link = new URL('/confirmation', publicUrl(ctx.config));
    link.searchParams.set('contact', 'email');
    link.searchParams.set('code', code);
    const body = [
      t(locale, 'mail.greeting'),
      t(locale, 'mail.contactCode.body', { code, minutes }),
      t(locale, 'mail.emailConfirmation.body', { link: link.toString() }),
      t(locale, 'mail.signature'),
    ].join('\n\n');
    await ctx.messenger.email({
      to: contact.value,
      subject: t(locale, 'mail.contactCode.subject'),
      text: body,
      playerId: player.id,
    });
  } else
    await ctx.messenger.sms({
      to: `+${contact.value}`,
      text: t(locale, 'mail.contactCode.sms', { code }),
      playerId: player.id,
    });
  // Merged into the profile as it is now, not as it was when the request began.
  const current = await findPlayerById(ctx.db, player.id);
  if (current && current.profile.confirm_sent !== true)
    await updatePlayer(ctx.db, player.id, { profile: { ...current.profile, confirm_sent: true } });
};

export const confirmContact = async (ctx: TAppContext, player: TPlayer, type: TContactType, code: string) => {
  const contact = await requireContact(ctx.db, player.id, type);
  const pending = await findPending(ctx, player.id, type);
  if (!pending?.codeHash || pending.contactValue !== contact.value) throw wrongCode('resend');
  if (pending.expiresAt.getTime() <= ctx.providers.clock.now().getTime()) throw wrongCode('expired');

  const expected = Buffer.from(pending.codeHash, 'hex');
  const given = Buffer.from(
    hashCode(ctx.config.SESSION_SECRET, player.id, type, contact.value, code.trim()),
    'hex',
  );
  if (!timingSafeEqual(expected, given)) {
    // Counted in the database, so parallel guesses cannot share one attempt.
    const [row] = await ctx.db
      .update(contactConfirmations)
      .set({
        attempts: sql`${contactConfirmations.attempts} + 1`,
        codeHash: sql`case when ${contactConfirmations.attempts} + 1 >= ${MAX_CODE_ATTEMPTS} then null else ${contactConfirmations.codeHash} end`,
      })
      .where(and(eq(contactConfirmations.playerId, player.id), eq(contactConfirmations.type, type)))
      .returning({ attempts: contactConfirmations.attempts });
    const attempts = row?.attempts ?? MAX_CODE_ATTEMPTS;
    throw new AppError('InvalidParameterException', {
      invalid_parameters: { code: 'wrongCode' },
      attempts_left: Math.max(0, MAX_CODE_ATTEMPTS - attempts),
    });
  }

  // Deleting the code first makes it single-use even when two right answers race.
  const deleted = await ctx.db
    .delete(contactConfirmations)
    .where(
      and(
        eq(contactConfirmations.playerId, player.id),
        eq(contactConfirmations.type, type),
        eq(contactConfirmations.codeHash, pending.codeHash),
      ),
    )
    .returning({ type: contactConfirmations.type });
  if (deleted.length === 0) throw wrongCode('resend');
  await markContactConfirmed(ctx.db, contact.id, contact.value);
};
