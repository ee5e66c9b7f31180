/** A quest with its progress; a click opens the loyalty quest dialog of §2. */
import { useTranslation } from '../../../lib/i18n-lite';
import type { TQuest } from '../api/loyalty-api';
import { openQuestDialog } from '../dialogs/loyalty-places';
import { ProgressBar } from './loyalty-ui';
import { RewardText } from './reward-text';

export function QuestCard({ quest }: { quest: TQuest }) {
  const { t } = useTranslation();
  return (
    <li className="min-w-0">
      <button
        type="button"
        onClick={() => openQuestDialog(quest)}
        className="flex w-full min-w-0 items-start gap-3 rounded-xl border border-[var(--line,#2a3150)] p-3 text-start hover:bg-[var(--surface-hover)]"
        data-testid={`quest-${quest.sysname}`}
      >
        {quest.image && <img src={quest.image} alt="" className="size-12 shrink-0 rounded-lg" />}
        <span className="flex min-w-0 flex-1 flex-col gap-1.5">
          <span className="flex items-center justify-between gap-2">
            <span className="truncate font-semibold text-[var(--text-strong)]">{quest.title}</span>
            {quest.is_completed && (
              <span className="shrink-0 rounded-full bg-emerald-600 px-2 py-0.5 text-xs text-white">
                {t('loyalty.quests.done', { defaultValue: 'Done' })}
              </span>
            )}
          </span>
          <span className="text-sm text-[var(--text-muted)]">{quest.description}</span>
          <ProgressBar percent={quest.percent} label={quest.title} />
          <span className="flex flex-wrap justify-between gap-2 text-xs text-[var(--text-muted)]">
            <span dir="ltr">
              {quest.progress} / {quest.target}
            </span>
            <span>
              <RewardText reward={quest.reward} />
            </span>
          </span>
        </span>
      </button>
    </li>
  );
}
