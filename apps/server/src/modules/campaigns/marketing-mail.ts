/**
 * Marketing messages (bonus news, newsletters): the one door every marketing sender goes through. A message goes
 * only to a player who may get marketing (responsible-gaming canReceiveMarketing: active, subscribed, no time-out
 * or self-exclusion in force), at a confirmed contact still subscribed, with the unsubscribe link. Transactional
 * mail (password reset, confirmation codes) goes straight through ctx.messenger and is never held back.
 */
import type { TAppContext } from '../../platform/context.ts';
import { unsubscribeUrl } from '../account/index.ts';
import { t } from '../i18n/index.ts';
import { findContact, findPlayerById } from '../players/index.ts';
import { canReceiveMarketing } from '../responsible-gaming/index.ts';

export interface TMarketingMessage {
  playerId: number;
  /** E-mail, or SMS to the phone (there is no push channel: the site's service worker takes no pushes). */
  channel: 'email' | 'sms';
  subject: string;
  text: string;
}

/** Sends the message when the player may get it; answers whether it went. */
export const sendMarketing = async (ctx: TAppContext, message: TMarketingMessage): Promise<boolean> => {
  const { playerId, channel } = message;
  if (!(await canReceiveMarketing(ctx.db, playerId, ctx.providers.clock.now()))) return false;
  const type = channel === 'email' ? 'email' : 'phone';
  const [player, contact] = await Promise.all([
    findPlayerById(ctx.db, playerId),
    findContact(ctx.db, playerId, type),
  ]);
  if (!player || !contact?.isConfirmed || !contact.isSubscribed) return false;
  const link = unsubscribeUrl(ctx.config, playerId, type);
  const footer = t(player.locale, 'mail.unsubscribeFooter', { link });
  if (channel === 'sms') {
    await ctx.messenger.sms({ to: contact.value, text: `${message.text}\n${footer}`, playerId });
    return true;
  }
  await ctx.messenger.email({
    to: contact.value,
    subject: message.subject,
    text: `${t(player.locale, 'mail.greeting')}\n\n${message.text}\n\n${t(player.locale, 'mail.signature')}\n\n${footer}`,
    playerId,
  });
  return true;
};
