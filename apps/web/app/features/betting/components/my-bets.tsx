/** The player's sports bets: open ones (with cash-out) or settled ones, newest first. */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../../lib/api/browser';
import { useTranslation } from '../../../lib/i18n-lite';
import { SPORTSBOOK_CALLS, sportsbookKeys } from '../api';
import { BetCard } from './bet-card';

export function MyBets() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<'open' | 'settled'>('open');
  const bets = useQuery({
    queryKey: sportsbookKeys.bets(status),
    queryFn: () => api.call(SPORTSBOOK_CALLS.bets, { status, count: '50' }),
    refetchInterval: 10_000,
  });
  return (
    <section className="flex flex-col gap-3" data-testid="my-bets">
      <div role="tablist" className="flex gap-1">
        {(['open', 'settled'] as const).map((value) => (
          <button
            key={value}
            type="button"
            role="tab"
            aria-selected={status === value}
            onClick={() => setStatus(value)}
            className={`h-9 rounded-lg px-3 text-sm font-medium ${status === value ? 'bg-[var(--accent)] text-[var(--accent-contrast)]' : 'bg-[var(--surface)] text-[var(--text)]'}`}
          >
            {t(`betting.bets.${value}`, { defaultValue: value })}
          </button>
        ))}
      </div>
      {bets.isPending && (
        <p className="text-sm text-[var(--text-muted)]" role="status">
          {t('common.labels.loading', { defaultValue: 'Loading…' })}
        </p>
      )}
      {bets.isError && (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-[var(--text-muted)]">
          <span>
            {t('common.errors.generic', { defaultValue: 'Something went wrong. Please try again.' })}
          </span>
          <button
            type="button"
            onClick={() => void bets.refetch()}
            className="h-9 rounded-lg bg-[var(--surface)] px-3 font-medium text-[var(--text)]"
          >
            {t('common.retry', { defaultValue: 'Try again' })}
          </button>
        </div>
      )}
      {bets.data?.items.length === 0 && (
        <p className="text-sm text-[var(--text-muted)]">
          {t('betting.bets.none', { defaultValue: 'No bets here yet.' })}
        </p>
      )}
      <div className="grid gap-3 md:grid-cols-2">
        {bets.data?.items.map((bet) => (
          <BetCard key={bet.id} bet={bet} />
        ))}
      </div>
    </section>
  );
}
