/** The reality check (issue 6): session time, staked, won and net, a link to the history and a log-out button. */
import type { TData } from '@casino/contracts/call';
import type { ZGetSessionStats } from '@casino/contracts/calls/responsible-gaming';
import { formatAmount, formatDuration } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n-lite';
import { Button } from './controls';

type TStats = TData<typeof ZGetSessionStats>;

export function RealityCheck({
  stats,
  historyHref,
  onContinue,
  onLogout,
}: {
  stats: TStats | undefined;
  historyHref: string;
  onContinue: () => void;
  onLogout: () => void;
}) {
  const { t } = useTranslation();
  const seconds = stats ? Math.floor(Date.now() / 1000) - stats.session_started_at : 0;
  const rows: [string, string][] = stats
    ? [
        [t('profile.realityCheck.time', { defaultValue: 'Session time' }), formatDuration(seconds)],
        [
          t('profile.realityCheck.staked', { defaultValue: 'Staked' }),
          formatAmount(stats.staked, stats.currency),
        ],
        [t('profile.realityCheck.won', { defaultValue: 'Won' }), formatAmount(stats.won, stats.currency)],
        [
          t('profile.realityCheck.net', { defaultValue: 'Net position' }),
          formatAmount(stats.net, stats.currency),
        ],
      ]
    : [];
  return (
    <div className="flex flex-col gap-4" data-testid="reality-check-dialog">
      <p className="text-sm text-[var(--text-muted)]">
        {t('profile.realityCheck.description', {
          minutes: stats?.reality_check_minutes ?? 0,
          defaultValue: 'You asked us to remind you every {minutes} minutes. Here is your session so far.',
        })}
      </p>
      <dl className="grid grid-cols-2 gap-3">
        {rows.map(([label, value]) => (
          <div key={label} className="rounded-xl bg-black/15 p-3">
            <dt className="text-xs text-[var(--text-muted)]">{label}</dt>
            <dd className="mt-1 text-lg font-bold tabular-nums text-[var(--text-strong)]">{value}</dd>
          </div>
        ))}
      </dl>
      <a href={historyHref} className="self-start text-sm font-semibold text-[var(--accent)] hover:underline">
        {t('profile.realityCheck.history', { defaultValue: 'See my game history' })}
      </a>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="ghost" onClick={onLogout} data-testid="reality-check-logout">
          {t('header.logout', { defaultValue: 'Log out' })}
        </Button>
        <Button onClick={onContinue} data-testid="reality-check-continue">
          {t('profile.realityCheck.continue', { defaultValue: 'Keep playing' })}
        </Button>
      </div>
    </div>
  );
}
