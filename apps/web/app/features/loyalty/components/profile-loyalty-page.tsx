/** /profile/loyalty: my level and character, my quests, and the points history from the points ledger. */
import { useQuery } from '@tanstack/react-query';
import { paths } from '../../../config/paths';
import { useTranslation } from '../../../lib/i18n-lite';
import { LocaleLink } from '../../frame/locale-link';
import { historyQuery, infoQuery, programsQuery, type THistoryEntry } from '../api/loyalty-api';
import { dateOf, Panel, Points, useSignedIn } from './loyalty-ui';
import { MyProgress } from './my-progress';
import { QuestCard } from './quest-card';

const KIND_LABEL: Record<THistoryEntry['kind'], [string, string]> = {
  bet: ['loyalty.history.bet', 'Bet'],
  rollback: ['loyalty.history.rollback', 'Bet cancelled'],
  purchase: ['loyalty.history.purchase', 'Purchase'],
  reward: ['loyalty.history.reward', 'Reward'],
  adjustment: ['loyalty.history.adjustment', 'Adjustment'],
};

export function ProfileLoyaltyPage() {
  const { t, i18n } = useTranslation();
  const signedIn = useSignedIn();
  const info = useQuery(infoQuery(signedIn));
  const programs = useQuery(programsQuery(i18n.language));
  const history = useQuery({ ...historyQuery(), enabled: signedIn });
  const quests = (programs.data?.items ?? []).flatMap((p) => p.quests);
  return (
    <div className="flex min-w-0 flex-col gap-4" data-testid="profile-loyalty">
      {info.data && <MyProgress info={info.data} place="profile-loyalty-pages" />}
      <div className="flex flex-wrap gap-2">
        <LocaleLink to={paths.loyalty.root} className="btn btn-ghost">
          {t('loyalty.levels.title', { defaultValue: 'Levels' })}
        </LocaleLink>
        <LocaleLink to={paths.loyalty.shop} className="btn btn-primary">
          {t('loyalty.shop', { defaultValue: 'Loyalty shop' })}
        </LocaleLink>
      </div>
      <Panel title={t('loyalty.quests.mine', { defaultValue: 'My quests' })}>
        <ul className="grid gap-3 md:grid-cols-2">
          {quests.map((quest) => (
            <QuestCard key={quest.id} quest={quest} />
          ))}
        </ul>
      </Panel>
      <Panel title={t('loyalty.history.title', { defaultValue: 'Points history' })} testId="points-history">
        {(history.data?.items.length ?? 0) === 0 ? (
          <p className="text-sm text-[var(--text-muted)]">
            {t('loyalty.history.empty', { defaultValue: 'Play for real money to earn your first points.' })}
          </p>
        ) : (
          <ul className="divide-y divide-[var(--line,#2a3150)]">
            {history.data?.items.map((entry) => {
              const [key, fallback] = KIND_LABEL[entry.kind];
              return (
                <li key={entry.id} className="flex items-center justify-between gap-3 py-2 text-sm">
                  <span className="min-w-0">
                    <span className="block font-medium text-[var(--text-strong)]">
                      {t(key, { defaultValue: fallback })}
                    </span>
                    <span className="block truncate text-xs text-[var(--text-muted)]">
                      {dateOf(entry.date)} {entry.label}
                    </span>
                  </span>
                  <Points
                    value={entry.points}
                    className={entry.points < 0 ? 'text-rose-400' : 'text-emerald-400'}
                  />
                </li>
              );
            })}
          </ul>
        )}
      </Panel>
    </div>
  );
}
