/**
 * `/tournaments/{id}`: countdown, rules, prizes, the live leaderboard with the player's place, and the participate
 * button. Standings move with every bet: the page listens to `competitions.standings` on the live socket and
 * re-reads its leaderboard and its own row (no reload). A refused participation says so and reloads the tournament.
 */
import { useState } from 'react';
import { paths } from '../../../config/paths';
import { api } from '../../../lib/api/browser';
import { isApiError } from '../../../lib/api/client';
import { useTranslation } from '../../../lib/i18n-lite';
import { useLiveSocket } from '../../../lib/live/use-live-socket';
import { LocaleLink } from '../../frame/locale-link';
import { getLeaderboard, getTournaments, type TStandingRow, type TTournament } from '../api/competitions-api';
import { countdown, money, points } from '../lib/format';
import { useNow } from '../lib/use-now';
import { LeaderboardTable } from './leaderboard-table';

export interface TTournamentPageData {
  tournament: TTournament;
  board: { items: TStandingRow[]; me: TStandingRow | null; count: number };
  serverNow: number;
}

export function TournamentPage(props: TTournamentPageData) {
  const { t } = useTranslation();
  const [tournament, setTournament] = useState(props.tournament);
  const [board, setBoard] = useState(props.board);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const now = useNow(props.serverNow);
  const dayWord = (count: number) => t('competitions.tournament.days', { defaultValue: '{count}d', count });
  const currency = tournament.currency ?? 'USD';

  const reload = async () => {
    const [list, standings] = await Promise.all([
      getTournaments(api, { ids: String(tournament.id) }),
      getLeaderboard(api, tournament.id),
    ]);
    if (list.items[0]) setTournament(list.items[0]);
    setBoard(standings);
  };
  const live = useLiveSocket({
    topics: ['competitions.standings', 'competitions.tournament_finished'],
    onMessage: () => void reload().catch(() => undefined),
    pollMs: 15_000,
    poll: reload,
  });

  const participate = async () => {
    setBusy(true);
    setMessage(null);
    try {
      await api.post('tournaments.participate', { tournament_id: tournament.id });
    } catch (error) {
      setMessage(
        isApiError(error, 'AuthorizationException')
          ? t('competitions.tournament.signIn', { defaultValue: 'Sign in to take part.' })
          : t('competitions.tournament.joinFailed', { defaultValue: 'Failed to participate in tournament' }),
      );
    }
    await reload().catch(() => undefined);
    setBusy(false);
  };

  const ends = new Date(tournament.ends_at ?? 0).getTime();
  const starts = new Date(tournament.starts_at ?? 0).getTime();
  const open = tournament.status === 'active' || tournament.status === 'future';
  const me = tournament.user_info;
  return (
    <div className="mx-auto w-full max-w-[1200px] px-3 pb-16 sm:px-4 lg:px-6" data-testid="tournament-page">
      <LocaleLink to={paths.tournaments} className="inline-block pt-4 text-sm text-[var(--accent)]">
        {t('competitions.tournament.back', { defaultValue: 'All tournaments' })}
      </LocaleLink>
      <header className="mt-2 rounded-2xl bg-gradient-to-br from-[var(--accent)] to-[var(--bg-elevated)] p-5 text-white">
        <h1 className="text-2xl font-black md:text-3xl">{tournament.title}</h1>
        <p className="mt-1 text-sm opacity-90">{tournament.description}</p>
        <p className="mt-3 text-lg font-bold tabular-nums" data-testid="tournament-countdown">
          {tournament.status === 'active'
            ? t('competitions.tournament.endsIn', {
                defaultValue: 'Ends in {time}',
                time: countdown(ends - now, dayWord),
              })
            : tournament.status === 'future'
              ? t('competitions.tournament.startsIn', {
                  defaultValue: 'Starts in {time}',
                  time: countdown(starts - now, dayWord),
                })
              : t('competitions.tournament.ended', { defaultValue: 'Finished' })}
        </p>
        <div className="mt-3 flex flex-wrap items-center gap-3">
          {open && !me?.participating && (
            <button
              type="button"
              className="btn btn-primary"
              onClick={participate}
              disabled={busy}
              data-testid="participate"
            >
              {t('competitions.tournament.join', { defaultValue: 'Take part' })}
            </button>
          )}
          {me?.participating && (
            <span className="rounded-full bg-black/25 px-3 py-1 text-sm font-semibold" data-testid="my-place">
              {t('competitions.tournament.myPlace', {
                defaultValue: 'Your place: {place} · {points} points',
                place: me.place ?? '—',
                points: points(me.points, tournament.scoring),
              })}
            </span>
          )}
          {live && (
            <span className="text-xs font-semibold uppercase opacity-80" data-testid="live-badge">
              {t('competitions.live', { defaultValue: 'Live' })}
            </span>
          )}
        </div>
        {message && (
          <p className="mt-2 text-sm font-semibold" role="alert">
            {message}
          </p>
        )}
      </header>
      <div className="mt-6 grid gap-6 lg:grid-cols-[2fr_1fr]">
        <section aria-labelledby="leaderboard-title">
          <h2 id="leaderboard-title" className="mb-2 text-lg font-bold text-[var(--text-strong)]">
            {t('competitions.tournament.leaderboard', { defaultValue: 'Leaderboard' })}
          </h2>
          <LeaderboardTable
            rows={board.items}
            scoring={tournament.scoring}
            currency={currency}
            testId="leaderboard"
          />
        </section>
        <aside className="flex flex-col gap-6">
          <section>
            <h2 className="mb-2 text-lg font-bold text-[var(--text-strong)]">
              {t('competitions.tournament.prizes', { defaultValue: 'Prizes' })}
            </h2>
            <ol className="space-y-1 text-sm">
              {(tournament.prizes ?? []).map((p) => (
                <li key={p.place} className="flex justify-between gap-2 border-b border-[var(--line)] py-1">
                  <span>
                    {t('competitions.tournament.place', { defaultValue: 'Place {place}', place: p.place })}
                  </span>
                  <span className="font-bold tabular-nums">
                    {p.type === 'bonus'
                      ? t('competitions.tournament.bonusPrize', {
                          defaultValue: '{amount} bonus',
                          amount: money(p.amount, currency),
                        })
                      : money(p.amount, currency)}
                  </span>
                </li>
              ))}
            </ol>
          </section>
          <section>
            <h2 className="mb-2 text-lg font-bold text-[var(--text-strong)]">
              {t('competitions.tournament.rules', { defaultValue: 'Rules' })}
            </h2>
            <ul className="list-disc space-y-1 ps-5 text-sm text-[var(--text-muted)]">
              <li>
                {t(`competitions.scoring.${tournament.scoring}`, { defaultValue: tournament.scoring ?? '' })}
              </li>
              <li>
                {t('competitions.tournament.minBet', {
                  defaultValue: 'Minimum stake: {amount}',
                  amount: money(tournament.min_bet ?? 0, currency),
                })}
              </li>
              <li>
                {tournament.restrictions?.opt_in
                  ? t('competitions.tournament.optIn', { defaultValue: 'Press “Take part” to enter.' })
                  : t('competitions.tournament.autoEntry', {
                      defaultValue: 'Every qualifying bet enters you automatically.',
                    })}
              </li>
              {(tournament.restrictions?.entry_fee ?? 0) > 0 && (
                <li data-testid="entry-fee">
                  {t('competitions.tournament.entryFee', {
                    defaultValue:
                      'Entry fee: {amount}, paid from your balance on joining (refunded if cancelled).',
                    amount: money(tournament.restrictions?.entry_fee ?? 0, currency),
                  })}
                </li>
              )}
              {tournament.reset_on_cashout && (
                <li>
                  {t('competitions.tournament.resetOnCashout', {
                    defaultValue: 'A withdrawal resets your points.',
                  })}
                </li>
              )}
            </ul>
            <LocaleLink
              to={paths.tournamentGamehall(tournament.id)}
              className="mt-3 inline-block text-sm font-semibold text-[var(--accent)]"
            >
              {t('competitions.tournament.games', { defaultValue: 'Tournament games' })}
            </LocaleLink>
          </section>
        </aside>
      </div>
    </div>
  );
}
