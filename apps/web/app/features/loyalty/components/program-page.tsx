/** /loyalty/{sysname}: one program — the VIP ladder or a quest season with its quests and dates. */
import { useQuery } from '@tanstack/react-query';
import { paths } from '../../../config/paths';
import { useTranslation } from '../../../lib/i18n-lite';
import { LocaleLink } from '../../frame/locale-link';
import { programQuery } from '../api/loyalty-api';
import { LevelLadder } from './level-ladder';
import { dateOf, JoinCall, Panel, useSignedIn } from './loyalty-ui';
import { QuestCard } from './quest-card';

export function ProgramPage({ sysname }: { sysname: string }) {
  const { t, i18n } = useTranslation();
  const signedIn = useSignedIn();
  const program = useQuery(programQuery(sysname, i18n.language));
  const back = (
    <LocaleLink to={paths.loyalty.root} className="text-sm text-[var(--accent)]">
      {t('loyalty.back', { defaultValue: 'Back to loyalty' })}
    </LocaleLink>
  );
  if (program.isError)
    return (
      <div className="mx-auto flex w-full max-w-6xl flex-col gap-4 py-6">
        {back}
        <div className="empty-state py-16" role="status">
          <p>{t('loyalty.programs.missing', { defaultValue: 'This program is not running.' })}</p>
        </div>
      </div>
    );
  const data = program.data;
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-5 py-6" data-testid="program-page">
      {back}
      <header className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold text-[var(--text-strong)] sm:text-3xl">
          {data?.title ?? '\u00a0'}
        </h1>
        {data?.start_date && data.end_date && (
          <p className="text-sm text-[var(--text-muted)]" dir="ltr">
            {dateOf(data.start_date)} – {dateOf(data.end_date)}
          </p>
        )}
        {data && <p className="text-[var(--text-muted)]">{data.description}</p>}
      </header>
      {!signedIn && <JoinCall />}
      {data?.kind === 'levels' && (
        <Panel title={t('loyalty.levels.title', { defaultValue: 'Levels' })}>
          <LevelLadder levels={data.levels} />
        </Panel>
      )}
      {data?.kind === 'quests' && (
        <Panel title={t('loyalty.quests.title', { defaultValue: 'Quests' })}>
          <ul className="grid gap-3 md:grid-cols-2">
            {data.quests.map((quest) => (
              <QuestCard key={quest.id} quest={quest} />
            ))}
          </ul>
        </Panel>
      )}
    </div>
  );
}
