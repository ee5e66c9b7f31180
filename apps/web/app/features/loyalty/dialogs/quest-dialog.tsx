/** The loyalty quest dialog (§2): the quest's task, progress, reward and dates. */
import { useTranslation } from '../../../lib/i18n-lite';
import type { TPlaceProps } from '../../../ui/dialogs';
import type { TQuest } from '../api/loyalty-api';
import { dateOf, ProgressBar } from '../components/loyalty-ui';
import { RewardText } from '../components/reward-text';

export default function QuestDialog({ quest, dialog }: TPlaceProps<{ quest: TQuest }>) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-4 p-6" data-testid="quest-dialog">
      <div className="flex items-center gap-3">
        {quest.image && <img src={quest.image} alt="" className="size-16 rounded-xl" />}
        <h2 className="text-xl font-bold text-[var(--text-strong)]">{quest.title}</h2>
      </div>
      <p className="text-[var(--text-muted)]">{quest.description}</p>
      <ProgressBar percent={quest.percent} label={quest.title} />
      <p className="text-sm text-[var(--text-muted)]" dir="ltr">
        {quest.progress} / {quest.target}
      </p>
      <p className="text-sm">
        {t('loyalty.levels.reward', { defaultValue: 'Reward' })}: <RewardText reward={quest.reward} />
      </p>
      <p className="text-xs text-[var(--text-muted)]" dir="ltr">
        {dateOf(quest.start_date)} – {dateOf(quest.end_date)}
      </p>
      <button type="button" className="btn btn-primary" onClick={dialog.close}>
        {t('loyalty.ok', { defaultValue: 'OK' })}
      </button>
    </div>
  );
}
