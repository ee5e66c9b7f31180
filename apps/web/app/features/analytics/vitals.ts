/**
 * Core Web Vitals and errors of the page to the performance-monitoring URL (spec §3), by sendBeacon: LCP, CLS,
 * INP (the slowest interaction), FCP and TTFB once when the page is hidden; errors as they happen (at most 10).
 */
export interface TVitalsDeps {
  url: string;
  sendBeacon: (url: string, body: string) => boolean;
  window: Window;
  path: () => string;
}

type TMetrics = Partial<Record<'LCP' | 'CLS' | 'INP' | 'FCP' | 'TTFB', number>>;

const MAX_ERRORS = 10;

export const startVitals = (deps: TVitalsDeps) => {
  const metrics: TMetrics = {};
  const observers: PerformanceObserver[] = [];
  const observe = (type: string, read: (entries: PerformanceEntryList) => void, extra: object = {}) => {
    if (typeof PerformanceObserver === 'undefined') return;
    try {
      const observer = new PerformanceObserver((list) => read(list.getEntries()));
      observer.observe({ type, buffered: true, ...extra } as PerformanceObserverInit);
      observers.push(observer);
    } catch {
      // This browser does not report that entry type.
    }
  };
  observe('largest-contentful-paint', (entries) => {
    const last = entries.at(-1);
    if (last) metrics.LCP = Math.round(last.startTime);
  });
  observe('layout-shift', (entries) => {
    for (const e of entries as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
      if (!e.hadRecentInput) metrics.CLS = Math.round(((metrics.CLS ?? 0) + e.value) * 1000) / 1000;
  });
  observe('paint', (entries) => {
    const fcp = entries.find((e) => e.name === 'first-contentful-paint');
    if (fcp) metrics.FCP = Math.round(fcp.startTime);
  });
  observe(
    'event',
    (entries) => {
      for (const e of entries) metrics.INP = Math.max(metrics.INP ?? 0, Math.round(e.duration));
    },
    { durationThreshold: 40 },
  );
  const navigation = performance.getEntriesByType?.('navigation')[0] as
    | PerformanceNavigationTiming
    | undefined;
  if (navigation) metrics.TTFB = Math.round(navigation.responseStart);

  const beacon = (payload: object) => {
    try {
      deps.sendBeacon(deps.url, JSON.stringify({ ...payload, path: deps.path(), at: Date.now() }));
    } catch {
      // A monitoring failure must never reach the player.
    }
  };
  let sent = false;
  const onHidden = () => {
    if (deps.window.document.visibilityState !== 'hidden' || sent || Object.keys(metrics).length === 0)
      return;
    sent = true;
    beacon({ type: 'web-vitals', metrics });
  };
  let errors = 0;
  const onError = (event: ErrorEvent) => {
    if (errors++ >= MAX_ERRORS) return;
    beacon({
      type: 'error',
      message: String(event.message).slice(0, 500),
      source: event.filename,
      line: event.lineno,
      column: event.colno,
    });
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    if (errors++ >= MAX_ERRORS) return;
    const reason = event.reason instanceof Error ? event.reason.message : String(event.reason);
    beacon({ type: 'unhandledrejection', message: reason.slice(0, 500) });
  };
  deps.window.document.addEventListener('visibilitychange', onHidden);
  deps.window.addEventListener('pagehide', onHidden);
  deps.window.addEventListener('error', onError);
  deps.window.addEventListener('unhandledrejection', onRejection);
  return {
    metrics,
    stop() {
      for (const o of observers) o.disconnect();
      deps.window.document.removeEventListener('visibilitychange', onHidden);
      deps.window.removeEventListener('pagehide', onHidden);
      deps.window.removeEventListener('error', onError);
      deps.window.removeEventListener('unhandledrejection', onRejection);
    },
  };
};
