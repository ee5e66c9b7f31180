/** The VIP ladder: each level's badge, threshold, reward and the player's progress in it (§9 percent). */
import { useTranslation } from '../../../lib/i18n-lite';
import type { TLevel } from '../api/loyalty-api';
import { Points, ProgressBar } from './loyalty-ui';
import { RewardText } from './reward-text';

export function LevelLadder({ levels }: { levels: readonly TLevel[] }) {
  const { t } = useTranslation();
  return (
    <ol className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5" data-testid="level-ladder">
      {levels.map((level) => (
        <li
          key={level.id}
          className={`flex min-w-0 flex-col gap-2 rounded-xl border p-3 ${
            level.is_current
              ? 'border-[var(--accent)] bg-[var(--bg-elevated)]'
              : 'border-[var(--line,#2a3150)]'
          }`}
          data-current={level.is_current || undefined}
        >
          <div className="flex items-center gap-3">
            {level.image && <img src={level.image} alt="" className="size-10 shrink-0" />}
            <div className="min-w-0">
              <p className="truncate font-bold text-[var(--text-strong)]">{level.name}</p>
              <Points value={level.min_points} className="text-xs text-[var(--text-muted)]" />
            </div>
          </div>
          {level.reward && (
            <p className="text-xs text-[var(--text-muted)]">
              {t('loyalty.levels.reward', { defaultValue: 'Reward' })}: <RewardText reward={level.reward} />
            </p>
          )}
          {level.is_current && (
            <ProgressBar
              percent={level.progress.percent}
              label={t('loyalty.levels.progress', { defaultValue: 'Progress to the next level' })}
            />
          )}
          {level.is_current && (
            <p className="text-xs font-semibold text-[var(--accent)]">
              {t('loyalty.levels.current', { defaultValue: 'Your level' })}
            </p>
          )}
        </li>
      ))}
    </ol>
  );
}
