/** A reward in words: "$5 bonus", "25 points", "$25 cash", "20 free spins", "a prize". */
import { useTranslation } from '../../../lib/i18n-lite';
import type { TLevel } from '../api/loyalty-api';
import { formatPoints } from './loyalty-ui';

type TReward = NonNullable<TLevel['reward']>;

export const money = (amount: number, locale: string) =>
  new Intl.NumberFormat(locale === 'ar' ? 'ar-u-nu-latn' : locale, {
    style: 'currency',
    currency: 'USD',
  }).format(amount);

export function RewardText({ reward }: { reward: TReward }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  if (reward.type === 'points')
    return (
      <>
        {t('loyalty.reward.points', {
          defaultValue: '{amount} points',
          amount: formatPoints(reward.amount, locale),
        })}
      </>
    );
  if (reward.type === 'bonus')
    return (
      <>
        {t('loyalty.reward.bonus', { defaultValue: '{amount} bonus', amount: money(reward.amount, locale) })}
      </>
    );
  if (reward.type === 'cash')
    return (
      <>{t('loyalty.reward.cash', { defaultValue: '{amount} cash', amount: money(reward.amount, locale) })}</>
    );
  if (reward.type === 'freespins')
    return <>{t('loyalty.reward.freespins', { defaultValue: '{count} free spins', count: reward.amount })}</>;
  return <>{t('loyalty.reward.item', { defaultValue: 'A prize delivered by our team' })}</>;
}
