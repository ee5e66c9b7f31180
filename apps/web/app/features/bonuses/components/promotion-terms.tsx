/** A promotion's bonus terms in full, as the promotions detail dialog and the offer page show them. */

import { formatAmount } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n-lite';
import type { TPromotion } from '../api/bonuses-api';

export function PromotionTerms({
  bonus,
  currency,
  freespins = null,
}: {
  bonus: TPromotion['bonus'];
  currency: string;
  freespins?: TPromotion['freespins'];
}) {
  const { t } = useTranslation();
  const rows: [string, string][] = [
    freespins
      ? [
          t('pages.promotions.freespinsLabel', { defaultValue: 'Free spins' }),
          t('pages.promotions.freespinsValue', {
            defaultValue: '{count} × {bet}, winnings as a bonus',
            count: freespins.count,
            bet: formatAmount(freespins.bet, currency),
          }),
        ]
      : bonus.amount !== null
        ? [t('pages.promotions.bonus', { defaultValue: 'Bonus' }), formatAmount(bonus.amount, currency)]
        : [
            t('pages.promotions.bonus', { defaultValue: 'Bonus' }),
            t('pages.promotions.percentUpTo', {
              defaultValue: '{percent}% of the deposit, up to {max}',
              percent: bonus.percent ?? 0,
              max: formatAmount(bonus.max_amount ?? 0, currency),
            }),
          ],
    ...(bonus.min_deposit !== null && bonus.min_deposit > 0
      ? [
          [
            t('pages.promotions.minDeposit', { defaultValue: 'Minimum deposit' }),
            formatAmount(bonus.min_deposit, currency),
          ] as [string, string],
        ]
      : []),
    [
      t('pages.promotions.wagering', { defaultValue: 'Wagering' }),
      t('pages.promotions.wageringValue', {
        defaultValue: '{multiplier}× the bonus',
        multiplier: bonus.wager_multiplier,
      }),
    ],
    [
      t('profile.bonuses.maxBet', { defaultValue: 'Max bet' }),
      bonus.max_bet === null
        ? t('profile.bonuses.noLimit', { defaultValue: 'No limit' })
        : formatAmount(bonus.max_bet, currency),
    ],
    [
      t('profile.bonuses.maxConversion', { defaultValue: 'Most you can cash out' }),
      bonus.max_conversion === null
        ? t('profile.bonuses.noCap', { defaultValue: 'No cap' })
        : formatAmount(bonus.max_conversion, currency),
    ],
    [
      t('pages.promotions.validity', { defaultValue: 'Valid for' }),
      t('pages.promotions.days', { defaultValue: '{days} days', days: bonus.valid_days }),
    ],
  ];
  return (
    <div className="flex flex-col gap-4" data-testid="promotion-terms">
      <dl className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        {rows.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-3 rounded-lg bg-white/5 px-3 py-2 text-sm">
            <dt className="text-[var(--text-muted)]">{label}</dt>
            <dd className="text-end font-semibold tabular-nums text-[var(--text-strong)]">{value}</dd>
          </div>
        ))}
      </dl>
      <div>
        <h4 className="text-xs font-semibold uppercase tracking-wide text-[var(--text-muted)]">
          {t('profile.bonuses.contributions', { defaultValue: 'What counts' })}
        </h4>
        <ul className="mt-2 flex flex-wrap gap-2">
          {Object.entries(bonus.contributions.kinds).map(([kind, share]) => (
            <li
              key={kind}
              className="rounded-full border border-white/10 px-3 py-1 text-xs text-[var(--text-strong)]"
            >
              {t(`games.types.${kind}`, { defaultValue: kind })}{' '}
              <span className="font-bold tabular-nums">{share}%</span>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
