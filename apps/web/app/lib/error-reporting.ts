/**
 * The site's error reports (docs/decisions/062): only when the server gives a DSN (SENTRY_DSN_PUBLIC, in the root
 * data) is the Sentry SDK fetched, by a dynamic import of its own chunk, so a page without it carries none of it
 * (the home page's script budget). Until then, and without a DSN, `reportError` does nothing.
 */
import { useEffect } from 'react';
import type { TErrorReportingConfig } from './site/types';

interface TBrowserReporter {
  capture(error: unknown): void;
}

let reporter: Promise<TBrowserReporter | null> | null = null;

/** Starts the reporter once (later calls, and calls without a DSN, do nothing). */
export const startErrorReporting = (config: TErrorReportingConfig | null | undefined) => {
  if (!config?.dsn || reporter || typeof window === 'undefined') return;
  reporter = import('./error-reporting-sentry')
    .then((sentry) => sentry.startSentry(config))
    .catch(() => null);
};

/** Reports an error the site caught itself (a route's error boundary); a no-op without a reporter. */
export const reportError = (error: unknown) => {
  void reporter?.then((r) => r?.capture(error));
};

/** The root route's hook: reporting starts after hydration, when the root data names a DSN. */
export const useErrorReporting = (config: TErrorReportingConfig | null | undefined) => {
  const dsn = config?.dsn;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the DSN is the config's identity
  useEffect(() => startErrorReporting(config), [dsn]);
};
