/**
 * The match clock of a live event as the page shows it: the feed's last reading (`match_time` or the time left in
 * the period, at `at`) carried forward while the clock runs, and one ticker for the whole page.
 */
import type { TMatchClock } from '@casino/contracts/calls/sportsbook';
import { useSyncExternalStore } from 'react';

/** "27:33" or "27" (minutes) → seconds; null for anything else. */
export const clockSeconds = (text: string | null | undefined): number | null => {
  const match = /^(\d{1,3})(?::(\d{1,2}))?$/.exec(text?.trim() ?? '');
  if (!match) return null;
  return Number(match[1]) * 60 + Number(match[2] ?? 0);
};

const mmss = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, '0')}`;

/**
 * The clock's text at `now` (ms): a countdown (`remaining_time_in_period`, basketball) runs down to 0:00, the
 * match time (and its stoppage time, shown as 45:00+1:20) runs up; a stopped clock or `now` null (the server's
 * render, the first one in the browser) shows the feed's reading as it is. Null when the feed sends no time
 * (tennis: the set is the clock).
 */
export const clockText = (clock: TMatchClock, now: number | null): string | null => {
  const reported = Date.parse(clock.at);
  const run =
    now === null || clock.stopped || Number.isNaN(reported) ? 0 : Math.max(0, (now - reported) / 1000);
  const left = clockSeconds(clock.remaining_time_in_period);
  if (left !== null) return mmss(Math.max(0, left - run));
  const played = clockSeconds(clock.match_time);
  if (played === null) return null;
  const stoppage = clockSeconds(clock.stoppage_time);
  if (stoppage !== null) return `${mmss(played)}+${mmss(stoppage + run)}`;
  return mmss(played + run);
};

/** UOF match status codes the site names (betting.period.p{code}); others show the feed's English `period`. */
export const NAMED_PERIODS = [
  1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 20, 31, 32, 33, 34, 40, 41, 42, 50, 80, 100, 110,
  120, 301, 302, 303,
] as const;

type TT = (key: string, options?: Record<string, unknown>) => string;

/** The period in the player's language, or null when the feed names none. */
export const periodLabel = (t: TT, clock: TMatchClock): string | null => {
  const code = clock.match_status;
  if (code === null || !(NAMED_PERIODS as readonly number[]).includes(code)) return clock.period;
  return t(`betting.period.p${code}`, { defaultValue: clock.period ?? '' }) || null;
};

// One ticker for the page: it runs while something shows a running clock, once a second.
const listeners = new Set<() => void>();
let now: number | null = null;
let timer: ReturnType<typeof setInterval> | null = null;

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  if (!timer) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      for (const l of listeners) l();
    }, 1000);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = null;
      now = null;
    }
  };
};

/** The page's clock (ms), ticking each second; null on the server and while hydrating (no mismatch). */
export const useNow = (): number | null =>
  useSyncExternalStore(
    subscribe,
    () => now,
    () => null,
  );
