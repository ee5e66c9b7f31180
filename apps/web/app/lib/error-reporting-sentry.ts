/**
 * The Sentry browser SDK, loaded only through error-reporting.ts's dynamic import when a DSN is set. Unhandled errors
 * and rejections are reported (the SDK's global handlers) and those the site hands it; no breadcrumbs (they would
 * carry what the player typed and visited), no tracing, no default personal data, and every event through
 * `scrubErrorReport` (no cookies, e-mails, IPs, passwords, tokens in URLs) before it leaves.
 */
import { scrubErrorReport, type TScrubbable } from '@casino/contracts/error-report-scrub';
import * as Sentry from '@sentry/browser';
import type { TErrorReportingConfig } from './site/types';

export const startSentry = (config: TErrorReportingConfig) => {
  Sentry.init({
    dsn: config.dsn,
    environment: config.environment,
    sendDefaultPii: false,
    integrations: (defaults) => defaults.filter((integration) => integration.name !== 'Breadcrumbs'),
    beforeBreadcrumb: () => null,
    beforeSend: (event) => scrubErrorReport(event as typeof event & TScrubbable),
  });
  return { capture: (error: unknown) => void Sentry.captureException(error) };
};
