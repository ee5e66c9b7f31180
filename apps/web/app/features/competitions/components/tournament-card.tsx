/** One tournament in the list: title, status and countdown, prize pool, participants, link to its page. */
import { paths } from '../../../config/paths';
import { useTranslation } from '../../../lib/i18n-lite';
import { LocaleLink } from '../../frame/locale-link';
import type { TTournament } from '../api/competitions-api';
import { countdown, money } from '../lib/format';

export function TournamentCard({ tournament: t, now }: { tournament: TTournament; now: number }) {
  const { t: tr } = useTranslation();
  const dayWord = (count: number) => tr('competitions.tournament.days', { defaultValue: '{count}d', count });
  const ends = new Date(t.ends_at ?? 0).getTime();
  const starts = new Date(t.starts_at ?? 0).getTime();
  const when =
    t.status === 'active'
      ? tr('competitions.tournament.endsIn', {
          defaultValue: 'Ends in {time}',
          time: countdown(ends - now, dayWord),
        })
      : t.status === 'future'
        ? tr('competitions.tournament.startsIn', {
            defaultValue: 'Starts in {time}',
            time: countdown(starts - now, dayWord),
          })
        : tr('competitions.tournament.ended', { defaultValue: 'Finished' });
  return (
    <LocaleLink
      to={paths.tournament(t.id)}
      className="flex h-full flex-col gap-3 rounded-2xl border border-[var(--line)] bg-[var(--surface)] p-4 hover:border-[var(--accent)]"
      data-testid="tournament-card"
    >
      <div className="rounded-xl bg-gradient-to-br from-[var(--accent)] to-[var(--bg-elevated)] p-4 text-white">
        <span className="text-xs font-semibold uppercase tracking-wide opacity-90">
          {tr(`competitions.tabs.${t.status}`, { defaultValue: t.status ?? '' })}
        </span>
        <h2 className="mt-1 text-lg font-black leading-tight">{t.title}</h2>
      </div>
      <p className="line-clamp-2 text-sm text-[var(--text-muted)]">{t.description}</p>
      <dl className="mt-auto grid grid-cols-2 gap-2 text-sm">
        <div>
          <dt className="text-[var(--text-muted)]">
            {tr('competitions.tournament.prizePool', { defaultValue: 'Prize pool' })}
          </dt>
          <dd className="font-bold tabular-nums text-[var(--text-strong)]">
            {money(t.total_prize ?? 0, t.currency ?? 'USD')}
          </dd>
        </div>
        <div>
          <dt className="text-[var(--text-muted)]">
            {tr('competitions.tournament.players', { defaultValue: 'Players' })}
          </dt>
          <dd className="font-bold tabular-nums text-[var(--text-strong)]">{t.total_participants ?? 0}</dd>
        </div>
      </dl>
      <p className="text-sm font-semibold text-[var(--accent)] tabular-nums" suppressHydrationWarning>
        {when}
      </p>
    </LocaleLink>
  );
}
