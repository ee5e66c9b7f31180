/** `/winners`: the live feed of big wins (pushed as `games.winner` on the live socket) and the top wins by period. */
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n-lite';
import { useLiveSocket } from '../../../lib/live/use-live-socket';
import type { TWinner } from '../api/competitions-api';
import { money } from '../lib/format';

const PERIODS = ['day', 'week', 'month'] as const;

function WinsList({ wins, testId }: { wins: TWinner[]; testId?: string }) {
  const { t } = useTranslation();
  if (wins.length === 0)
    return (
      <p className="empty-state" role="status">
        {t('competitions.winners.empty', { defaultValue: 'No big wins yet.' })}
      </p>
    );
  return (
    <ul className="space-y-2" data-testid={testId}>
      {wins.map((w) => (
        <li
          key={w.round_id}
          className="flex items-center justify-between gap-3 rounded-xl border border-[var(--line)] p-3 text-sm"
        >
          <span className="min-w-0">
            <span className="block truncate font-semibold text-[var(--text-strong)]">{w.game_name}</span>
            <span className="block text-[var(--text-muted)]">{w.player}</span>
          </span>
          <span className="text-end">
            <span className="block font-bold tabular-nums text-[var(--accent)]">
              {money(w.win, w.currency)}
            </span>
            <span className="block text-xs text-[var(--text-muted)] tabular-nums">×{w.multiplier}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}

export function WinnersPage(props: { live: TWinner[]; top: Record<(typeof PERIODS)[number], TWinner[]> }) {
  const { t } = useTranslation();
  const [live, setLive] = useState(props.live);
  const [period, setPeriod] = useState<(typeof PERIODS)[number]>('day');
  useLiveSocket({
    topics: ['games.winner'],
    onMessage: (message) => {
      if (message.event !== 'games.winner') return;
      const win = message.data as TWinner;
      setLive((list) => [win, ...list.filter((w) => w.round_id !== win.round_id)].slice(0, 20));
    },
  });
  return (
    <div className="mx-auto w-full max-w-[1200px] px-3 pb-16 sm:px-4 lg:px-6">
      <h1 className="pt-6 text-2xl font-black text-[var(--text-strong)] md:text-3xl">
        {t('competitions.winners.title', { defaultValue: 'Winners' })}
      </h1>
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <section>
          <h2 className="mb-2 text-lg font-bold text-[var(--text-strong)]">
            {t('competitions.winners.live', { defaultValue: 'Latest big wins' })}
          </h2>
          <WinsList wins={live} testId="live-wins" />
        </section>
        <section>
          <h2 className="mb-2 text-lg font-bold text-[var(--text-strong)]">
            {t('competitions.winners.top', { defaultValue: 'Top wins' })}
          </h2>
          <div className="mb-3 flex flex-wrap gap-2" role="tablist">
            {PERIODS.map((p) => (
              <button
                key={p}
                type="button"
                role="tab"
                aria-selected={p === period}
                onClick={() => setPeriod(p)}
                className={`rounded-full px-4 py-2 text-sm font-semibold ${
                  p === period
                    ? 'bg-[var(--accent)] text-[var(--accent-contrast,#fff)]'
                    : 'bg-[var(--surface)] text-[var(--text-strong)]'
                }`}
              >
                {t(`competitions.winners.${p}`, { defaultValue: p })}
              </button>
            ))}
          </div>
          <WinsList wins={props.top[period]} />
        </section>
      </div>
    </div>
  );
}
