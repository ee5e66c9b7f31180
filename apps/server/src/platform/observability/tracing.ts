/**
 * Traces with OpenTelemetry (docs/decisions/062). On when OTEL_EXPORTER_OTLP_ENDPOINT is set: a NodeTracerProvider
 * registered globally (its AsyncLocalStorage context manager carries the active span across awaits, the W3C
 * propagator reads an incoming `traceparent`), its spans batched to `<endpoint>/v1/traces` over OTLP/HTTP as the
 * OpenTelemetry specification's environment variables say (the exporter reads OTEL_EXPORTER_OTLP_HEADERS,
 * OTEL_EXPORTER_OTLP_TRACES_ENDPOINT itself; OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES name the resource).
 * Off, `inSpan` is a plain call and nothing is wrapped: tracing costs a boolean test.
 *
 * The spans we make: the server span of each request (http-tracing.ts), the bet and the wallet's transactions
 * (modules/wallet), and each database query under an active span (db/traced-queries.ts). The provider belongs to the
 * process (OpenTelemetry's API is global): apps built in one process (tests) share it, the last one closed ends it.
 */
import { type Attributes, context, type Span, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { detectResources, envDetector, resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, type SpanExporter } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';
import { scrubError } from '../logger.ts';

const TRACER = 'casino';

let provider: NodeTracerProvider | null = null;
let users = 0;

/** Whether spans are recorded in this process (a provider of ours is registered). */
export const isTracing = () => provider !== null;

export interface TTracing {
  enabled: boolean;
  /** Sends the spans ended so far (tests read the stand-in after it). */
  flush(): Promise<void>;
  /** This app is done with tracing: the last one to close shuts the provider down, flushing it. */
  close(): Promise<void>;
}

/** The OTLP/HTTP traces URL of a base endpoint, as the specification builds it: `<endpoint>/v1/traces`. */
export const tracesUrl = (endpoint: string) => `${endpoint.replace(/\/+$/, '')}/v1/traces`;

/**
 * Starts tracing when the config names an endpoint (or a test hands its exporter); answers the app's handle. A
 * second app in the process joins the running provider.
 */
export const startTracing = (
  config: { OTEL_EXPORTER_OTLP_ENDPOINT?: string },
  exporter?: SpanExporter,
): TTracing => {
  const endpoint = config.OTEL_EXPORTER_OTLP_ENDPOINT;
  if (!endpoint && !exporter) return { enabled: false, flush: async () => {}, close: async () => {} };
  if (!provider) {
    const resource = resourceFromAttributes({
      [ATTR_SERVICE_NAME]: process.env.OTEL_SERVICE_NAME || 'casino-server',
    }).merge(detectResources({ detectors: [envDetector] }));
    const spanExporter =
      exporter ??
      new OTLPTraceExporter(
        process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ? {} : { url: tracesUrl(endpoint ?? '') },
      );
    provider = new NodeTracerProvider({ resource, spanProcessors: [new BatchSpanProcessor(spanExporter)] });
    provider.register();
  }
  users++;
  const mine = provider;
  let closed = false;
  return {
    enabled: true,
    flush: () => mine.forceFlush(),
    async close() {
      if (closed) return;
      closed = true;
      users--;
      if (users > 0 || provider !== mine) {
        await mine.forceFlush();
        return;
      }
      provider = null;
      await mine.shutdown();
      trace.disable();
      context.disable();
    },
  };
};

export const tracer = () => trace.getTracer(TRACER);

/**
 * Runs `fn` in a span named `name` (a child of the active one): an exception marks it failed and goes on. Off, it is
 * `fn()` and nothing more.
 */
export const inSpan = <T>(
  name: string,
  attributes: Attributes,
  fn: (span: Span | null) => Promise<T>,
  kind: SpanKind = SpanKind.INTERNAL,
): Promise<T> => {
  if (!provider) return fn(null);
  return tracer().startActiveSpan(name, { attributes, kind }, async (span) => {
    try {
      return await fn(span);
    } catch (error) {
      failSpan(span, error);
      throw error;
    } finally {
      span.end();
    }
  });
};

/** Marks a span failed by `error`: its type and its message, a database error's values masked (logger.ts). */
export const failSpan = (span: Span, error: unknown) => {
  const message = error instanceof Error ? (scrubError(error) as Error).message : String(error);
  span.setStatus({ code: SpanStatusCode.ERROR, message: message.slice(0, 200) });
  span.setAttribute('error.type', error instanceof Error ? error.name : typeof error);
};
