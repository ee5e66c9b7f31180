/**
 * The version check (spec §4, §7): a timer GETs the latest-build file (`/latest-build.json?t=<timestamp>`,
 * written by the build beside the site's files) and reports once when its version is not the one this page
 * runs. Also checked when the tab becomes visible again (at most once a minute). A failed fetch is ignored.
 */
export const LATEST_BUILD_PATH = '/latest-build.json';
export const VERSION_POLL_MS = 5 * 60_000;
const MIN_GAP_MS = 60_000;

export interface TLatestBuild {
  version: string;
  timestamp: number;
}

export interface TVersionCheckOptions {
  current: string;
  onNewVersion: (latest: TLatestBuild) => void;
  fetch?: typeof fetch;
  now?: () => number;
  intervalMs?: number;
  /** Where visibility changes are heard (the document); absent: only the timer. */
  events?: Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'>;
}

const isLatestBuild = (value: unknown): value is TLatestBuild =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as TLatestBuild).version === 'string' &&
  (value as TLatestBuild).version !== '';

/** Starts polling; answers the stop function. */
export const startVersionCheck = ({
  current,
  onNewVersion,
  fetch: fetchImpl = globalThis.fetch,
  now = Date.now,
  intervalMs = VERSION_POLL_MS,
  events,
}: TVersionCheckOptions): (() => void) => {
  let stopped = false;
  let last = now();
  const check = async () => {
    if (stopped) return;
    last = now();
    try {
      const response = await fetchImpl(`${LATEST_BUILD_PATH}?t=${last}`, { cache: 'no-store' });
      if (!response.ok) return;
      const latest: unknown = await response.json();
      if (stopped || !isLatestBuild(latest) || latest.version === current) return;
      stop();
      onNewVersion(latest);
    } catch {
      // Offline or a deploy in progress: the next tick tries again.
    }
  };
  const timer = setInterval(check, intervalMs);
  const onVisible = () => {
    if (events?.visibilityState === 'visible' && now() - last >= MIN_GAP_MS) void check();
  };
  events?.addEventListener('visibilitychange', onVisible);
  function stop() {
    stopped = true;
    clearInterval(timer);
    events?.removeEventListener('visibilitychange', onVisible);
  }
  return stop;
};
