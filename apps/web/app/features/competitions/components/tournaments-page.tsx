/** `/tournaments`: tabs active, future and finished (`?status=`), each a grid of tournament cards. */
import { paths } from '../../../config/paths';
import { useTranslation } from '../../../lib/i18n-lite';
import { LocaleLink } from '../../frame/locale-link';
import { TOURNAMENT_TABS, type TTournament, type TTournamentTab } from '../api/competitions-api';
import { useNow } from '../lib/use-now';
import { TournamentCard } from './tournament-card';

export function TournamentsPage(props: { tab: TTournamentTab; items: TTournament[]; serverNow: number }) {
  const { t } = useTranslation();
  const now = useNow(props.serverNow);
  return (
    <div className="mx-auto w-full max-w-[1600px] px-3 pb-16 sm:px-4 lg:px-6">
      <h1 className="pt-6 text-2xl font-black text-[var(--text-strong)] md:text-3xl">
        {t('competitions.tournaments.title', { defaultValue: 'Tournaments' })}
      </h1>
      <p className="mt-1 text-sm text-[var(--text-muted)]">
        {t('competitions.tournaments.subtitle', {
          defaultValue: 'Play the listed games, climb the leaderboard, win a share of the prize pool.',
        })}
      </p>
      <nav className="mt-4 flex flex-wrap gap-2" aria-label={t('competitions.tournaments.title')}>
        {TOURNAMENT_TABS.map((tab) => (
          <LocaleLink
            key={tab}
            to={`${paths.tournaments}?status=${tab}`}
            aria-current={tab === props.tab ? 'page' : undefined}
            className={`rounded-full px-4 py-2 text-sm font-semibold ${
              tab === props.tab
                ? 'bg-[var(--accent)] text-[var(--accent-contrast,#fff)]'
                : 'bg-[var(--surface)] text-[var(--text-strong)]'
            }`}
          >
            {t(`competitions.tabs.${tab}`, { defaultValue: tab })}
          </LocaleLink>
        ))}
      </nav>
      {props.items.length === 0 ? (
        <p className="empty-state mt-6" role="status">
          {t('competitions.tournaments.empty', { defaultValue: 'No tournaments here yet.' })}
        </p>
      ) : (
        <ul className="mt-6 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
          {props.items.map((tournament) => (
            <li key={tournament.id}>
              <TournamentCard tournament={tournament} now={now} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
