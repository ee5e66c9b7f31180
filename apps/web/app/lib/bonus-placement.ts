/**
 * Where a bonus just granted went, in the player's words, from its item's status and queue fields: on the bonus
 * balance, or waiting in the bonus queue at its place and behind which bonus. Said after a promo code, a promotion
 * taken and a loyalty shop purchase; the server says the same in loyalty's notices (the same messages).
 */
import type { TBonusItem } from '@casino/contracts/calls/bonuses';
import { formatMoney, toCents } from '@casino/contracts/money';
import type { TFunction } from './i18n-lite';

const money = (major: number, currency: string) => formatMoney(toCents(major.toFixed(2)), currency);

/** The bonus a waiting one waits for: "Loyalty reward ($5.00)". */
export const queuedAfterLabel = (after: NonNullable<TBonusItem['queued_after']>, currency: string) =>
  `${after.title} (${money(after.amount, currency)})`;

type TPlaced = Pick<
  TBonusItem,
  'type' | 'status' | 'amount' | 'converted' | 'queue_position' | 'queued_after'
>;

export const placementText = (t: TFunction, bonus: TPlaced, currency: string) => {
  const amount = money(bonus.amount, currency);
  if (bonus.status === 'active')
    return bonus.type === 'betting'
      ? t('profile.bonuses.placement.activeBetting', {
          defaultValue: 'Your {amount} betting bonus is active: it is on your betting bonus balance.',
          amount,
        })
      : t('profile.bonuses.placement.active', {
          defaultValue: 'Your {amount} bonus is active: it is on your bonus balance.',
          amount,
        });
  if (bonus.status === 'completed')
    return t('profile.bonuses.placement.completed', {
      defaultValue: 'Your {amount} bonus needed no wagering: {converted} went to your real balance.',
      amount,
      converted: money(bonus.converted, currency),
    });
  if (bonus.status !== 'available') return '';
  if (!bonus.queued_after || bonus.queue_position === null)
    return t('profile.bonuses.placement.waiting', {
      defaultValue: 'Your {amount} bonus waits in My bonuses: activate it there to play with it.',
      amount,
    });
  return t('profile.bonuses.placement.queued', {
    defaultValue:
      'Your {amount} bonus is #{position} in your bonus queue, after {after}. It starts by itself when the bonuses ahead of it end, or you can activate it now in My bonuses.',
    amount,
    position: bonus.queue_position,
    after: queuedAfterLabel(bonus.queued_after, currency),
  });
};
