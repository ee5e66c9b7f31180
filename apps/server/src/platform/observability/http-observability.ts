/**
 * What every request gives the operator's eyes (docs/decisions/062): its metrics (route pattern, method, status,
 * duration), its server span when tracing is on, and `GET /metrics`, answered only with
 * `Authorization: Bearer <METRICS_TOKEN>` (without METRICS_TOKEN the route does not exist: 404).
 *
 * The server span starts in onRequest (from an incoming W3C `traceparent` when there is one) and ends in
 * onResponse; the route's handler runs inside it (an onRoute wrapper), so the spans of the bet and its queries are
 * its children. Hooks that run before the handler (the session's lookup) are timed by the span but not its parents.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { context, propagation, type Span, SpanKind, trace } from '@opentelemetry/api';
import {
  ATTR_HTTP_REQUEST_METHOD,
  ATTR_HTTP_RESPONSE_STATUS_CODE,
  ATTR_HTTP_ROUTE,
  ATTR_SERVER_PORT,
  ATTR_URL_PATH,
} from '@opentelemetry/semantic-conventions';
import type { FastifyInstance, FastifyRequest, RouteHandlerMethod } from 'fastify';
import type { TAppContext } from '../context.ts';
import type { ApiRegistry } from '../http/api-router.ts';
import { failSpan, isTracing, tracer } from './tracing.ts';

const API_ROUTE = '/api/:call';

/**
 * The route a request is counted under: its pattern (never the raw URL: ids would make a series each), an API call
 * by its registered name, anything unmatched as one label.
 */
export const routeOf = (request: FastifyRequest, api: ApiRegistry) => {
  const pattern = request.routeOptions?.url;
  if (!pattern) return 'unmatched';
  if (pattern !== API_ROUTE) return pattern;
  const call = (request.params as { call?: unknown } | undefined)?.call;
  const registered = typeof call === 'string' ? api.get(call) : undefined;
  return registered ? `/api/${registered.contract.name}` : API_ROUTE;
};

const spans = new WeakMap<FastifyRequest, Span>();

/** Registers the hooks; before any route, so onRoute sees them all. */
export const registerHttpObservability = (app: FastifyInstance, ctx: TAppContext) => {
  const { metrics } = ctx;
  if (isTracing()) {
    app.addHook('onRoute', (route) => {
      const handler = route.handler as RouteHandlerMethod;
      route.handler = function traced(request, reply) {
        const span = spans.get(request);
        if (!span) return handler.call(this, request, reply);
        return context.with(trace.setSpan(context.active(), span), () => handler.call(this, request, reply));
      };
    });
    app.addHook('onRequest', async (request) => {
      const parent = propagation.extract(context.active(), request.headers);
      const path = request.url.split('?')[0] ?? '/';
      const span = tracer().startSpan(
        request.method,
        {
          kind: SpanKind.SERVER,
          attributes: {
            [ATTR_HTTP_REQUEST_METHOD]: request.method,
            [ATTR_URL_PATH]: path,
            // The port the request came in on (none for the site's in-process calls).
            ...(request.socket?.localPort ? { [ATTR_SERVER_PORT]: request.socket.localPort } : {}),
          },
        },
        parent,
      );
      spans.set(request, span);
    });
    app.addHook('onError', async (request, _reply, error) => {
      const span = spans.get(request);
      if (span) failSpan(span, error);
    });
  }
  if (!metrics.enabled && !isTracing()) return;
  app.addHook('onResponse', async (request, reply) => {
    const route = routeOf(request, ctx.api);
    metrics.httpRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    const span = spans.get(request);
    if (!span) return;
    span.updateName(`${request.method} ${route}`);
    span.setAttribute(ATTR_HTTP_ROUTE, route);
    span.setAttribute(ATTR_HTTP_RESPONSE_STATUS_CODE, reply.statusCode);
    span.setAttribute('http.request_id', request.id);
    span.end();
  });
};

const digest = (value: string) => createHash('sha256').update(value).digest();

/** `GET /metrics` for the token's holder; without METRICS_TOKEN nothing is registered. */
export const registerMetricsRoute = (app: FastifyInstance, ctx: TAppContext) => {
  const token = ctx.config.METRICS_TOKEN;
  const registry = ctx.metrics.registry;
  if (!token || !registry) return;
  const expected = digest(`Bearer ${token}`);
  app.get('/metrics', { logLevel: 'warn', helmet: false }, async (request, reply) => {
    const given = request.headers.authorization;
    if (typeof given !== 'string' || !timingSafeEqual(digest(given), expected))
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .header('cache-control', 'no-store')
        .type('text/plain')
        .send('Unauthorized');
    const text = await registry.metrics();
    return reply.header('cache-control', 'no-store').type(registry.contentType).send(text);
  });
};
