/** The player's card: character, current level, points and the progress to the next level (§9 percent). */
import { useTranslation } from '../../../lib/i18n-lite';
import type { TLoyaltyInfo } from '../api/loyalty-api';
import { openCharacterChange } from '../dialogs/loyalty-places';
import { Points, ProgressBar, showsCharacter, useLoyaltyConfig } from './loyalty-ui';

export function MyProgress({
  info,
  place,
}: {
  info: TLoyaltyInfo;
  place: 'loyalty-page' | 'profile-loyalty-pages';
}) {
  const { t } = useTranslation();
  const current = info.levels.find((l) => l.is_current) ?? info.levels[0];
  const next = info.levels[info.levels.findIndex((l) => l.is_current) + 1];
  const withCharacter = showsCharacter(useLoyaltyConfig(), place);
  return (
    <section
      className="flex min-w-0 flex-col gap-4 rounded-2xl border border-[var(--line,#2a3150)] bg-[var(--surface)] p-4 sm:flex-row sm:items-center sm:p-6"
      data-testid="my-progress"
      data-place={place}
    >
      {withCharacter && (
        <button
          type="button"
          onClick={() => openCharacterChange(info.character?.id ?? null)}
          className="flex shrink-0 flex-col items-center gap-1 text-xs text-[var(--text-muted)]"
          data-testid="character-button"
        >
          {info.character ? (
            <img src={info.character.image} alt={info.character.name} className="size-16 rounded-full" />
          ) : (
            <span className="grid size-16 place-items-center rounded-full border border-dashed border-[var(--line,#2a3150)] text-2xl">
              ?
            </span>
          )}
          {t('loyalty.character.change', { defaultValue: 'Change character' })}
        </button>
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <p className="text-lg font-bold text-[var(--text-strong)]" data-testid="my-level">
            {current?.name}
          </p>
          <p className="text-sm text-[var(--text-muted)]">
            {t('loyalty.points.balance', { defaultValue: 'Your points' })}:{' '}
            <Points value={info.points} className="text-[var(--text-strong)]" />
          </p>
        </div>
        {current && (
          <ProgressBar
            percent={current.progress.percent}
            label={t('loyalty.levels.progress', { defaultValue: 'Progress to the next level' })}
          />
        )}
        <p className="text-xs text-[var(--text-muted)]">
          {next
            ? t('loyalty.levels.toNext', {
                defaultValue: '{count} more points to {level}',
                count: Math.max(0, Math.round((next.min_points - info.lifetime_points) * 100) / 100),
                level: next.name,
              })
            : t('loyalty.levels.top', { defaultValue: 'You are at the top level' })}
        </p>
      </div>
    </section>
  );
}
