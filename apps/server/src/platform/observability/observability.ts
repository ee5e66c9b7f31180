/**
 * The operator's eyes, composed for buildApp (docs/decisions/062): metrics (METRICS_TOKEN), traces
 * (OTEL_EXPORTER_OTLP_ENDPOINT) and error reports (SENTRY_DSN), each off without its variable.
 * `startObservability` runs before Fastify is made (the logger reports errors, the tracer must exist before the
 * routes); `registerObservability` adds the hooks and routes once the app context exists.
 */
import type { SpanExporter } from '@opentelemetry/sdk-trace-base';
import type { FastifyInstance } from 'fastify';
import type { TConfig } from '../config.ts';
import type { TAppContext } from '../context.ts';
import { traceQueries } from '../db/traced-queries.ts';
import { createErrorReporter, registerErrorReporting, type TErrorReporter } from './error-reporting.ts';
import { registerHttpObservability, registerMetricsRoute } from './http-observability.ts';
import { createMetrics, type TMetrics } from './metrics.ts';
import { registerPlatformReadings } from './platform-readings.ts';
import { startTracing, type TTracing } from './tracing.ts';

export interface TObservability {
  metrics: TMetrics;
  tracing: TTracing;
  errors: TErrorReporter;
}

export const startObservability = (config: TConfig, spanExporter?: SpanExporter): TObservability => ({
  metrics: createMetrics({ enabled: Boolean(config.METRICS_TOKEN) }),
  tracing: startTracing(config, spanExporter),
  errors: createErrorReporter(config),
});

/** Before any route is registered (the server span wraps each route's handler). */
export const registerObservability = (
  app: FastifyInstance,
  ctx: TAppContext,
  observability: TObservability,
) => {
  traceQueries(ctx.database);
  registerHttpObservability(app, ctx);
  registerErrorReporting(app, observability.errors, ctx.api);
  registerMetricsRoute(app, ctx);
  registerPlatformReadings(app, ctx);
  app.addHook('onClose', async () => {
    await observability.tracing.close();
    await observability.errors.close();
  });
};
