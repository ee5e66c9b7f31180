/**
 * /betting: the sports menu, live and upcoming events with their main market, the bet slip and the player's bets.
 * The first render comes from the loader; the socket refreshes prices as the feed moves them.
 */
import type { TEventItem } from '@casino/contracts/calls/sportsbook';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../../lib/api/browser';
import { useTranslation } from '../../../lib/i18n-lite';
import { useAccount } from '../../account/use-account';
import { useSite } from '../../frame/use-site';
import { SPORTSBOOK_CALLS, sportsbookKeys } from '../api';
import { sportLabel } from '../names';
import { useOddsSocket } from '../use-odds-socket';
import { BetSlip } from './bet-slip';
import { EventCard } from './event-card';
import { MyBets } from './my-bets';
import { OddsFormatSelect } from './odds-format-select';

export interface TBettingData {
  sports: { id: string; name: string; live_count: number; prematch_count: number }[];
  live: TEventItem[];
  upcoming: TEventItem[];
}

type TTab = 'live' | 'prematch' | 'bets';

/** Spec §3 isVisibleNoticeBetting: the operator's notice on how odds and bets work, above the events (off by default). */
export function BettingNotice() {
  const { t } = useTranslation();
  if (useSite()?.cms?.flags?.isVisibleNoticeBetting !== true) return null;
  return (
    <p
      role="note"
      className="rounded-xl border border-[var(--line)] bg-[var(--surface)] px-4 py-3 text-sm text-[var(--text-muted)]"
      data-testid="betting-notice"
    >
      {t('betting.notice', {
        defaultValue:
          'Odds can change at any moment. Your bet is accepted at the odds shown when you confirm it and is settled on the official result. 18+ only. Please bet responsibly.',
      })}
    </p>
  );
}

export function BettingPage({ data }: { data: TBettingData }) {
  const { t } = useTranslation();
  const account = useAccount();
  const [sport, setSport] = useState('');
  const [tab, setTab] = useState<TTab>(data.live.length > 0 ? 'live' : 'prematch');
  useOddsSocket();
  const sports = useQuery({
    queryKey: sportsbookKeys.sports(),
    queryFn: () => api.call(SPORTSBOOK_CALLS.sports),
    initialData: { items: data.sports },
    refetchInterval: 30_000,
  });
  const status = tab === 'bets' ? 'prematch' : tab;
  const initial = sport === '' ? (status === 'live' ? data.live : data.upcoming) : undefined;
  const events = useQuery({
    queryKey: sportsbookKeys.events(sport, status),
    queryFn: () => api.call(SPORTSBOOK_CALLS.events, { sport, status, count: '50' }),
    initialData: initial ? { items: initial, count: initial.length } : undefined,
    refetchInterval: 15_000,
  });
  const tabs: TTab[] = account ? ['live', 'prematch', 'bets'] : ['live', 'prematch'];
  return (
    <div
      className="mx-auto flex w-full max-w-7xl flex-col gap-4 px-3 py-4 md:px-6"
      data-testid="betting-page"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-[var(--text-strong)]">
          {t('betting.title', { defaultValue: 'Sports betting' })}
        </h1>
        <OddsFormatSelect />
      </div>
      <BettingNotice />
      <nav
        aria-label={t('betting.sportsMenu', { defaultValue: 'Sports' })}
        className="flex gap-2 overflow-x-auto pb-1"
      >
        {[
          {
            id: '',
            name: t('betting.allSports', { defaultValue: 'All sports' }),
            live_count: 0,
            prematch_count: 0,
          },
          ...sports.data.items,
        ].map((s) => (
          <button
            key={s.id || 'all'}
            type="button"
            data-testid="sport-chip"
            aria-pressed={sport === s.id}
            onClick={() => setSport(s.id)}
            className={`h-9 shrink-0 rounded-full border px-3 text-sm ${sport === s.id ? 'border-[var(--accent)] bg-[var(--accent)] text-[var(--accent-contrast)]' : 'border-[var(--line)] text-[var(--text)]'}`}
          >
            {s.id ? sportLabel(t, s.id, s.name) : s.name}
            {s.live_count > 0 && <span className="ms-1.5 text-xs text-rose-400">● {s.live_count}</span>}
          </button>
        ))}
      </nav>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="flex min-w-0 flex-col gap-3">
          <div role="tablist" className="flex gap-1 overflow-x-auto">
            {tabs.map((value) => (
              <button
                key={value}
                type="button"
                role="tab"
                aria-selected={tab === value}
                data-testid={`tab-${value}`}
                onClick={() => setTab(value)}
                className={`h-10 shrink-0 whitespace-nowrap rounded-lg px-3 text-sm font-semibold sm:px-4 ${tab === value ? 'bg-[var(--surface-hover)] text-[var(--text-strong)]' : 'text-[var(--text-muted)]'}`}
              >
                {t(`betting.tabs.${value}`, { defaultValue: value })}
              </button>
            ))}
          </div>
          {tab === 'bets' ? (
            <MyBets />
          ) : (
            <>
              {events.data?.items.length === 0 && (
                <p className="text-sm text-[var(--text-muted)]">
                  {t('betting.noEvents', { defaultValue: 'No events right now.' })}
                </p>
              )}
              {events.data?.items.map((event) => (
                <EventCard key={event.id} event={event} />
              ))}
            </>
          )}
        </div>
        <BetSlip />
      </div>
    </div>
  );
}
