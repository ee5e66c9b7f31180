/**
 * The operator's eyes (docs/decisions/062) on the real app: `/metrics` behind its token with the bet, wallet, HTTP,
 * jobs, pool, socket and ledger series moving; one trace from an API call through the bet to the database, as the
 * OTLP/HTTP exporter sends it to a local collector stand-in; and a failure reported to a local Sentry-compatible
 * stand-in (its envelope endpoint) with the personal data scrubbed.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { defineCall } from '@casino/contracts';
import { type ProxyTracerProvider, trace } from '@opentelemetry/api';
import type { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fundedClient } from './modules/games/play/test-helpers.ts';
import { createTestApp, type TTestApp } from './test/test-app.ts';

const TOKEN = 'a-metrics-token-for-the-tests';
/** Building an app (migrated template, seeds) on a busy shared machine can pass the default 60 s. */
const BUILD_MS = 180_000;

const playDice = (client: Awaited<ReturnType<typeof fundedClient>>['client']) =>
  client.post('games.play', {
    sysname: 'sparkrush_dice_duel',
    mode: 'real',
    bet: '1.00',
    params: JSON.stringify({ target: 5000, over: true }),
  });

/** A local HTTP endpoint that keeps every request's path, headers and (gunzipped) body. */
const standIn = async () => {
  const received: { path: string; headers: IncomingMessage['headers']; body: string }[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks);
      const body = request.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw;
      received.push({ path: request.url ?? '', headers: request.headers, body: body.toString('utf8') });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { received, url: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(r)) };
};

/** A sample's value in Prometheus' text format (the first line matching the name and every label given). */
const sample = (text: string, name: string, labels: Record<string, string> = {}) => {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`)))
      return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
};

describe('metrics', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
  }, BUILD_MS);
  afterAll(() => t.close());

  const scrape = async () => {
    const response = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return response.body;
  };

  it('answers only the bearer of METRICS_TOKEN', async () => {
    expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(401);
    const wrong = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}x` } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers['www-authenticate']).toMatch(/^Bearer/);
    expect(await scrape()).toContain('casino_process_cpu_seconds_total');
  });

  it('counts bets by source with their latency, the wallet, the requests by route, the ledger', async () => {
    const before = await scrape();
    const placedBefore = sample(before, 'casino_bet_duration_seconds_count', {
      source: 'games',
      outcome: 'placed',
    });
    const ledgerBefore = sample(before, 'casino_ledger_transactions_total') ?? 0;
    const { client } = await fundedClient(t.app, 10_000n);
    for (let i = 0; i < 3; i++) expect((await playDice(client)).error).toBeNull();
    const refused = await client.post('games.play', {
      sysname: 'sparkrush_dice_duel',
      mode: 'real',
      bet: '1000.00',
      params: JSON.stringify({ target: 5000, over: true }),
    });
    expect(refused.error).not.toBeNull();

    const text = await scrape();
    expect(sample(text, 'casino_bet_duration_seconds_count', { source: 'games', outcome: 'placed' })).toBe(
      (placedBefore ?? 0) + 3,
    );
    expect(sample(text, 'casino_bets_total', { source: 'games', outcome: 'refused' })).toBeGreaterThanOrEqual(
      1,
    );
    expect(
      sample(text, 'casino_bet_duration_seconds_bucket', { source: 'games', le: '+Inf' }),
    ).toBeGreaterThan(0);
    expect(sample(text, 'casino_wallet_transaction_duration_seconds_count')).toBeGreaterThanOrEqual(3);
    // The route's pattern, an API call by its name: never the raw URL.
    expect(
      sample(text, 'casino_http_request_duration_seconds_count', {
        route: '/api/games.play',
        method: 'POST',
        status: '200',
      }),
    ).toBeGreaterThanOrEqual(3);
    expect(text).not.toMatch(/route="\/metrics\?/);
    expect(sample(text, 'casino_ledger_transactions_total')).toBeGreaterThanOrEqual(ledgerBefore + 3);
    expect(sample(text, 'casino_db_pool_connections', { state: 'max' })).toBeGreaterThan(0);
    expect(sample(text, 'casino_websocket_connections')).toBe(0);
  });

  it('shows the jobs queue by state and age, read when scraped', async () => {
    await t.app.ctx.jobs.enqueue(
      'observability.test',
      {},
      { runAt: new Date(t.clock.now().getTime() - 90_000) },
    );
    const text = await scrape();
    expect(sample(text, 'casino_jobs', { state: 'queued', name: 'observability.test' })).toBe(1);
    expect(sample(text, 'casino_jobs_oldest_seconds', { state: 'queued' })).toBeGreaterThanOrEqual(90);
  });

  it(
    'is off without METRICS_TOKEN: /metrics is not found',
    async () => {
      const off = await createTestApp();
      try {
        expect((await off.app.inject({ url: '/metrics' })).statusCode).toBe(404);
        expect(off.app.ctx.metrics.enabled).toBe(false);
      } finally {
        await off.close();
      }
    },
    BUILD_MS,
  );
});

interface TOtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: { key: string; value: { stringValue?: string; intValue?: number | string } }[];
}

describe('traces', () => {
  let collector: Awaited<ReturnType<typeof standIn>>;
  let t: TTestApp;
  beforeAll(async () => {
    collector = await standIn();
    t = await createTestApp({ env: { OTEL_EXPORTER_OTLP_ENDPOINT: `${collector.url}/otlp/` } });
  }, BUILD_MS);
  afterAll(async () => {
    await t.close();
    await collector.close();
  });

  it('links the request, the bet, the wallet transaction and its queries in one trace, exported over OTLP/HTTP', async () => {
    const { client } = await fundedClient(t.app, 10_000n);
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const r = await playDice(client);
    expect(r.error).toBeNull();
    // An incoming W3C traceparent is the request span's parent.
    await client.post(
      'games.play',
      { sysname: 'sparkrush_dice_duel', mode: 'real', bet: '1.00', params: '{}' },
      {
        traceparent: `00-${traceId}-00f067aa0ba902b7-01`,
      },
    );
    await t.app.ctx.jobs.drain();
    // The process's provider (tracing.ts registered it): its batch sent now rather than in 5 s.
    await (
      (trace.getTracerProvider() as ProxyTracerProvider).getDelegate() as NodeTracerProvider
    ).forceFlush();

    const exports = collector.received.filter((e) => e.path === '/otlp/v1/traces');
    expect(exports.length).toBeGreaterThan(0);
    expect(exports[0]?.headers['content-type']).toBe('application/json');
    const spans: TOtlpSpan[] = exports.flatMap((e) =>
      (
        JSON.parse(e.body) as { resourceSpans: { scopeSpans: { spans: TOtlpSpan[] }[] }[] }
      ).resourceSpans.flatMap((rs) => rs.scopeSpans.flatMap((ss) => ss.spans)),
    );
    const attribute = (span: TOtlpSpan, key: string) => span.attributes.find((a) => a.key === key)?.value;
    const request = spans.find(
      (s) => s.name === 'POST /api/games.play' && s.kind === 2 && s.traceId !== traceId,
    ) as TOtlpSpan;
    expect(request).toBeDefined();
    expect(attribute(request, 'http.route')?.stringValue).toBe('/api/games.play');
    const inTrace = spans.filter((s) => s.traceId === request.traceId);
    const bet = inTrace.find((s) => s.name === 'bet.place') as TOtlpSpan;
    expect(bet.parentSpanId).toBe(request.spanId);
    expect(attribute(bet, 'casino.bet.source')?.stringValue).toBe('games');
    const wallet = inTrace.find((s) => s.name === 'wallet.transaction') as TOtlpSpan;
    expect(wallet.parentSpanId).toBe(bet.spanId);
    const queries = inTrace.filter((s) => s.name.startsWith('db ') && s.kind === 3);
    expect(queries.length).toBeGreaterThan(1);
    // Under the wallet's transaction: the statements of the bet itself.
    const underWallet = queries.filter((q) => q.parentSpanId === wallet.spanId);
    expect(underWallet.length).toBeGreaterThan(0);
    const texts = underWallet.map((q) => attribute(q, 'db.query.text')?.stringValue ?? '');
    expect(texts.join('\n')).toMatch(/wallet_/);
    // Literals are masked: the session token the wallet inlines never reaches the collector.
    expect(texts.join('\n')).not.toMatch(/'[A-Za-z0-9_-]{20,}'/);
    expect(attribute(underWallet[0] as TOtlpSpan, 'db.system.name')?.stringValue).toBe('postgresql');

    const continued = spans.find((s) => s.kind === 2 && s.traceId === traceId);
    expect(continued?.parentSpanId).toBe('00f067aa0ba902b7');
  });
});

describe('error reports', () => {
  let sentry: Awaited<ReturnType<typeof standIn>>;
  let t: TTestApp;
  beforeAll(async () => {
    sentry = await standIn();
    const dsn = sentry.url.replace('http://', 'http://publickey123@');
    // Logged errors are reported at LOG_LEVEL error or below (the tests' default is silent); the lines go nowhere.
    const nowhere = { write: () => {} };
    t = await createTestApp({
      env: { SENTRY_DSN: `${dsn}/42`, LOG_LEVEL: 'error' },
      build: { logStream: nowhere },
    });
    // A call that fails as a bug would (the registry is read per request: registered after start).
    t.app.ctx.api.handle(
      defineCall({
        name: 'test.boom',
        summary: 'fails',
        method: 'GET',
        access: 'any',
        params: z.object({}),
        data: z.null(),
      }),
      () => {
        throw new Error('could not mail jane.doe@example.com from 203.0.113.7 (password=hunter2)');
      },
    );
  }, BUILD_MS);
  afterAll(async () => {
    await t.close();
    await sentry.close();
  });

  it("sends a request's failure to the DSN's envelope endpoint, personal data scrubbed", async () => {
    const response = await t.app.inject({
      url: '/api/test.boom?token=s3cr3t-t0ken&page=2',
      headers: {
        cookie: 'sid=the-session-cookie',
        authorization: 'Bearer the-bearer-token',
        'x-forwarded-for': '198.51.100.23',
        'user-agent': 'vitest',
      },
    });
    expect(response.statusCode).toBe(500);
    // A refusal (4xx) is not a failure: not reported.
    await t.app.inject({ url: '/api/games.nope' });
    t.app.log.error({ err: new Error('a job failed for bob@example.org') }, 'job failed');
    await t.app.ctx.jobs.drain();
    const { createErrorReporter } = await import('./platform/observability/error-reporting.ts');
    expect(createErrorReporter({ NODE_ENV: 'test' }).enabled).toBe(false);
    // The app's reporter flushes on close.
    await t.close();

    const envelopes = sentry.received.filter((e) => e.path.startsWith('/api/42/envelope/'));
    expect(envelopes.length).toBe(2);
    expect(envelopes[0]?.headers['x-sentry-auth'] ?? envelopes[0]?.path).toMatch(/sentry_key=publickey123/);
    const events = envelopes.map((e) => {
      const [, itemHeader, payload] = e.body.split('\n');
      expect(JSON.parse(itemHeader ?? '{}').type).toBe('event');
      return JSON.parse(payload ?? '{}');
    });
    const all = JSON.stringify(events);
    for (const secret of [
      'jane.doe@example.com',
      'bob@example.org',
      '203.0.113.7',
      '198.51.100.23',
      'hunter2',
      's3cr3t-t0ken',
      'the-session-cookie',
      'the-bearer-token',
    ])
      expect(all).not.toContain(secret);
    const request = events.find((e) => e.request)?.request;
    expect(request.method).toBe('GET');
    expect(request.url).toContain('token=[redacted]');
    expect(request.url).toContain('page=2');
    expect(request.headers['user-agent']).toBe('vitest');
    expect(request.headers.cookie).toBeUndefined();
    const failure = events.find((e) => e.request);
    expect(failure.exception.values[0].value).toBe('could not mail [email] from [ip] (password=[redacted])');
    expect(failure.tags.route).toBe('/api/test.boom');
    const logged = events.find((e) => !e.request);
    expect(logged.exception.values[0].value).toBe('a job failed for [email]');
  });
});
