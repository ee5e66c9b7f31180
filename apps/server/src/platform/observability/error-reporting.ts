/**
 * Error reporting to a Sentry-compatible DSN (docs/decisions/062): SENTRY_DSN set, the server sends its failures
 * through @sentry/node's client (the envelope endpoint `/api/<project>/envelope/` of the DSN's host); unset, nothing
 * is reported and nothing is loaded beyond the import.
 *
 * One client per app, bound to a scope of its own, never `Sentry.init`: no global handlers, no OpenTelemetry setup of
 * Sentry's (our tracer provider is tracing.ts's), no integrations that patch modules; tests build many apps.
 * Reported: a request that failed with a 5xx (its method, route, URL with secrets masked and a few harmless headers),
 * and whatever the server logs at error level with an `err` outside such a request (a job, a bet's consequence
 * after commit). Every event passes `scrubErrorReport` (no cookies, authorization, e-mails, IPs, passwords, tokens
 * in URLs) and the error itself is copied through `scrubError` first (a database error's values masked).
 */
import { scrubErrorReport, type TScrubbable } from '@casino/contracts/error-report-scrub';
import {
  defaultStackParser,
  type ErrorEvent,
  linkedErrorsIntegration,
  makeNodeTransport,
  NodeClient,
  Scope,
} from '@sentry/node';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ApiRegistry } from '../http/api-router.ts';
import { toAppError } from '../http/error-handler.ts';
import { redactUrl, scrubError } from '../logger.ts';
import { routeOf } from './http-observability.ts';

/** Request headers a report may carry: what helps to reproduce, nothing that identifies or authenticates. */
const KEPT_HEADERS = ['user-agent', 'accept', 'accept-language', 'content-type', 'content-length', 'referer'];

export interface TErrorReporter {
  enabled: boolean;
  /** Reports `error` (with the request it failed, when there is one). */
  report(error: unknown, request?: FastifyRequest, api?: ApiRegistry): void;
  /** Pino's logMethod hook: an error-level line with an `err` is reported (unless a request's report has it). */
  logHook(level: number, args: unknown[], bindings: Record<string, unknown>): void;
  flush(timeoutMs?: number): Promise<boolean>;
  close(): Promise<void>;
}

const PINO_ERROR = 50;

export const disabledReporter = (): TErrorReporter => ({
  enabled: false,
  report: () => {},
  logHook: () => {},
  flush: async () => true,
  close: async () => {},
});

export const createErrorReporter = (config: {
  SENTRY_DSN?: string;
  SENTRY_ENVIRONMENT?: string;
  NODE_ENV: string;
}): TErrorReporter => {
  if (!config.SENTRY_DSN) return disabledReporter();
  const client = new NodeClient({
    dsn: config.SENTRY_DSN,
    environment: config.SENTRY_ENVIRONMENT || config.NODE_ENV,
    release: process.env.SENTRY_RELEASE,
    transport: makeNodeTransport,
    stackParser: defaultStackParser,
    integrations: [linkedErrorsIntegration()],
    sendDefaultPii: false,
    includeServerName: false,
    sendClientReports: false,
    beforeSend: (event: ErrorEvent) => scrubErrorReport(event as ErrorEvent & TScrubbable) as ErrorEvent,
    beforeBreadcrumb: () => null,
  });
  const scope = new Scope();
  scope.setClient(client);
  client.init();
  /** Errors a request's report already sent: the error handler's log line of it is not sent again. */
  const reported = new WeakSet<object>();

  const capture = (error: unknown, configure: (scope: Scope) => void) => {
    if (error && typeof error === 'object') reported.add(error);
    const eventScope = scope.clone();
    configure(eventScope);
    eventScope.captureException(scrubError(error));
  };

  return {
    enabled: true,
    report(error, request, api) {
      capture(error, (s) => {
        if (!request) return;
        s.setTag('request_id', request.id);
        if (api) s.setTag('route', routeOf(request, api));
        if (request.player) s.setUser({ id: String(request.player.id) });
        const headers: Record<string, string> = {};
        for (const name of KEPT_HEADERS) {
          const value = request.headers[name];
          if (typeof value === 'string') headers[name] = value;
        }
        s.addEventProcessor((event) => ({
          ...event,
          request: { method: request.method, url: redactUrl(request.url), headers },
        }));
      });
    },
    logHook(level, args, bindings) {
      if (level < PINO_ERROR) return;
      const [first, message] = args as [{ err?: unknown } | undefined, unknown];
      const error = first && typeof first === 'object' ? first.err : undefined;
      if (!error || (typeof error === 'object' && reported.has(error))) return;
      capture(error, (s) => {
        if (typeof message === 'string') s.setExtra('log', message);
        if (typeof bindings.reqId === 'string') s.setTag('request_id', bindings.reqId);
      });
    },
    flush: async (timeoutMs = 2000) => client.flush(timeoutMs),
    close: async () => {
      await client.close(2000);
    },
  };
};

/** Reports the requests that fail with a 5xx (before the error handler logs them). */
export const registerErrorReporting = (app: FastifyInstance, reporter: TErrorReporter, api: ApiRegistry) => {
  if (!reporter.enabled) return;
  app.addHook('onError', async (request, _reply, error) => {
    // A body that broke while it was read is the client's fault (the error handler answers 400).
    if (request.readingBody || toAppError(error).status < 500) return;
    reporter.report(error, request, api);
  });
};
