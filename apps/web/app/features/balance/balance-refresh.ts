/**
 * The balance-refresh rules of spec §4 with the settingsForUpdBalance of §3 (defaults of §9): an interval
 * timer when enabled, stopped after the configured minutes when turn-off is on, restarted by the next click
 * when clicks are enabled (throttled by the delay between clicks); never on a path containing /game/.
 */

import type { ZSettingsForUpdBalance } from '@casino/contracts/calls/metadata';
import type { z } from 'zod';

export type TBalanceRefreshSettings = z.output<typeof ZSettingsForUpdBalance>;

export const DEFAULT_REFRESH_SETTINGS: TBalanceRefreshSettings = {
  isEnabledInterval: false,
  countSecondsForInterval: 10,
  isEnabledTurnOffRequests: true,
  countMinutesAfterWhichRequestsTurnedOff: 5,
  isEnabledRequestsAfterClick: false,
  countSecondsForDelayBetweenClick: 1,
};

export const isGamePath = (pathname: string) => pathname.includes('/game/');

export interface TRefresherDeps {
  refresh: () => void;
  pathname: () => string;
  now?: () => number;
  setInterval?: (fn: () => void, ms: number) => unknown;
  clearInterval?: (handle: unknown) => void;
  setTimeout?: (fn: () => void, ms: number) => unknown;
  clearTimeout?: (handle: unknown) => void;
}

export const createBalanceRefresher = (settings: TBalanceRefreshSettings, deps: TRefresherDeps) => {
  const now = deps.now ?? Date.now;
  const every = deps.setInterval ?? ((fn: () => void, ms: number) => setInterval(fn, ms));
  const stopEvery = deps.clearInterval ?? ((h: unknown) => clearInterval(h as number));
  const later = deps.setTimeout ?? ((fn: () => void, ms: number) => setTimeout(fn, ms));
  const stopLater = deps.clearTimeout ?? ((h: unknown) => clearTimeout(h as number));
  let interval: unknown = null;
  let turnOff: unknown = null;
  let lastClick = Number.NEGATIVE_INFINITY;

  const tick = () => {
    if (!isGamePath(deps.pathname())) deps.refresh();
  };

  const stop = () => {
    if (interval !== null) stopEvery(interval);
    if (turnOff !== null) stopLater(turnOff);
    interval = null;
    turnOff = null;
  };

  const start = () => {
    if (!settings.isEnabledInterval || interval !== null) return;
    interval = every(tick, settings.countSecondsForInterval * 1000);
    if (settings.isEnabledTurnOffRequests)
      turnOff = later(stop, settings.countMinutesAfterWhichRequestsTurnedOff * 60_000);
  };

  const click = () => {
    if (!settings.isEnabledRequestsAfterClick) return;
    const at = now();
    if (at - lastClick < settings.countSecondsForDelayBetweenClick * 1000) return;
    lastClick = at;
    if (interval === null) {
      tick();
      start();
    }
  };

  return {
    start,
    stop,
    click,
    get isRunning() {
      return interval !== null;
    },
  };
};
