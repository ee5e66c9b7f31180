/**
 * The app factory. Boots in a fixed order: database (migrated), platform services, protocol plugins,
 * the session hook, the feature modules, then the site. Tests build one per file on a fresh database.
 */
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import type { SpanExporter } from '@opentelemetry/sdk-trace-base';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import type { DestinationStream } from 'pino';
import { BetPipeline } from './modules/bets/pipeline.ts';
import { modules } from './modules/index.ts';
import { cachedScriptHosts, TELEGRAM_SCRIPT_ORIGIN } from './modules/metadata/script-hosts.ts';
import { players } from './modules/players/schema.ts';
import { memoryBus, redisBus, type TEventBus } from './platform/bus.ts';
import { isMailboxEnabled, type TConfig } from './platform/config.ts';
import type { TAppContext } from './platform/context.ts';
import { openDatabase, type TDatabase } from './platform/db/database.ts';
import { migrate, STARTUP_LOCK_ID } from './platform/db/migrate.ts';
import { createFileStore, startLegacyImport } from './platform/file-store.ts';
import { registerHealth } from './platform/health.ts';
import { ApiRegistry, registerApiRouter, type TRateLimit } from './platform/http/api-router.ts';
import { AppError } from './platform/http/app-error.ts';
import { registerErrorHandler } from './platform/http/error-handler.ts';
import { guardFormBodies, registerStrictUrlencoded } from './platform/http/form-body.ts';
import { requestIdOf } from './platform/http/request-id.ts';
import { registerSecurityHeaders } from './platform/http/security-headers.ts';
import { serverTimeouts } from './platform/http/server-timeouts.ts';
import { registerImages } from './platform/images.ts';
import { createJobs, JOB_WORKERS } from './platform/jobs.ts';
import { loggerOptions } from './platform/logger.ts';
import { createMessenger, registerDevMailbox } from './platform/messaging.ts';
import { registerObservability, startObservability } from './platform/observability/observability.ts';
import { registerOpenApi } from './platform/openapi.ts';
import { registerPageCache } from './platform/page-cache.ts';
import { defaultProviders, type TProviders } from './platform/providers.ts';
import { originOf, publicUrl, registerRequestOrigin } from './platform/public-url.ts';
import { memoryRateLimiter, redisRateLimiter, type TRateLimiter } from './platform/rate-limiter.ts';
import { connectRedis, type TRedis } from './platform/redis.ts';
import { totpSecretBox } from './platform/secret-box.ts';
import { createSessionService, purgeExpiredSessions } from './platform/session.ts';
import { registerWeb } from './platform/web.ts';

export const CONTENT_DIR = fileURLToPath(new URL('../../../content/', import.meta.url));

export interface TBuildOptions {
  providers?: Partial<TProviders>;
  /** Use this database instead of opening one from the config (tests share a prepared one). */
  database?: TDatabase;
  /** An in-memory PGlite starts from this dumped data directory (tests: one migrated and seeded per run). */
  loadDataDir?: Blob;
  /** Prefix for Redis keys and the bus channel, so test runs never see each other's data. */
  redisPrefix?: string;
  contentDir?: string;
  /** Where log lines go instead of stdout (a test reads what was logged). */
  logStream?: DestinationStream;
  /** Tracing on with this exporter (tests), whether or not OTEL_EXPORTER_OTLP_ENDPOINT is set. */
  spanExporter?: SpanExporter;
}

export const buildApp = async (config: TConfig, options: TBuildOptions = {}): Promise<FastifyInstance> => {
  const observability = startObservability(config, options.spanExporter);
  const app = Fastify({
    logger: loggerOptions(config, options.logStream, observability.errors.logHook),
    trustProxy: config.TRUST_PROXY,
    // genReqId reads x-request-id itself and keeps it only when it is safe to echo and log.
    requestIdHeader: false,
    genReqId: requestIdOf,
    bodyLimit: 1024 * 1024,
    ...serverTimeouts(config),
    routerOptions: { ignoreTrailingSlash: true },
  });

  const providers: TProviders = { ...defaultProviders(), ...options.providers };
  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.DATABASE_URL,
      dataDir: config.DATA_DIR,
      poolMax: config.DATABASE_POOL_MAX,
      loadDataDir: options.loadDataDir,
    }));
  await migrate(database);

  const redisPrefix = options.redisPrefix ?? 'casino:';
  const redisClients: TRedis[] = [];
  let bus: TEventBus = memoryBus();
  let rateLimiter: TRateLimiter = memoryRateLimiter(providers.clock);
  if (config.REDIS_URL) {
    const [client, subscriber] = [connectRedis(config.REDIS_URL), connectRedis(config.REDIS_URL)];
    redisClients.push(client, subscriber);
    bus = redisBus(client, subscriber, `${redisPrefix}bus`);
    rateLimiter = redisRateLimiter(client, redisPrefix);
  }

  const ctx: TAppContext = {
    config,
    database,
    db: database.db,
    providers,
    bus,
    rateLimiter,
    messenger: createMessenger(database.db, config),
    sessions: createSessionService(database, config, providers, { table: players, id: players.id }),
    api: new ApiRegistry(),
    // PGlite has one connection: a second worker would only wait for it.
    jobs: createJobs(database.db, providers.clock, app.log, {
      workers: database.kind === 'pglite' ? 1 : JOB_WORKERS,
      retentionHours: config.JOBS_RETENTION_HOURS,
    }),
    files: createFileStore(config, database.db, providers.clock),
    contentDir: options.contentDir ?? CONTENT_DIR,
    bets: new BetPipeline(),
    totpSecrets: totpSecretBox(config),
    metrics: observability.metrics,
  };
  ctx.bets.reportError = (error, consequence) =>
    app.log.error({ err: error, consequence }, 'bet consequence after commit failed');
  app.decorate('ctx', ctx);
  app.decorateRequest('player', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('locale', 'en');
  registerObservability(app, ctx, observability);

  registerErrorHandler(app);
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/')) throw new AppError('MethodNotFoundException');
    reply.status(404).type('text/plain').send('Not found');
  });

  await app.register(cookie, { secret: config.SESSION_SECRET });
  registerStrictUrlencoded(app);
  await app.register(multipart, {
    attachFieldsToBody: true,
    limits: { fileSize: 10 * 1024 * 1024, files: 8 },
  });
  guardFormBodies(app);
  // CSP, framing and HSTS depend on the page and the request's protocol: security-headers.ts sets them.
  await app.register(helmet, {
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    frameguard: false,
    hsts: false,
  });
  registerSecurityHeaders(app, {
    config,
    scriptHosts: cachedScriptHosts(database.db, {
      alwaysHosts: config.TELEGRAM_BOT_TOKEN ? [TELEGRAM_SCRIPT_ORIGIN] : [],
    }),
  });

  // Before the modules: its hook sees every back-office write (docs/decisions/069).
  registerPageCache(app, ctx);

  app.addHook('onRequest', async (request) => {
    const resolved = await ctx.sessions.resolve(request);
    if (resolved) {
      request.player = resolved.player;
      request.sessionId = resolved.sessionId;
    }
    const queryLocale = (request.query as Record<string, unknown> | undefined)?.locale;
    request.locale =
      typeof queryLocale === 'string' && queryLocale ? queryLocale : (request.player?.locale ?? 'en');
    if (request.player && request.url.startsWith('/api/') && !/^\/api\/auth\.logout/i.test(request.url)) {
      if (request.player.status === 'banned') throw new AppError('UserBannedException');
      if (request.player.status === 'deleted') throw new AppError('UserDeletedException');
    }
  });

  registerRequestOrigin(app);
  registerHealth(app, ctx, redisClients[0]);
  registerImages(app, ctx);
  app.addHook('onReady', async () => startLegacyImport(ctx.files, config.DATA_DIR, app.log));
  registerApiRouter(app, ctx.api, {
    rateLimit: (key, limit: TRateLimit) => hitRateLimit(ctx.rateLimiter, key, limit),
    checkOrigin: (request) => checkSameOrigin(request, config),
    validateData: config.NODE_ENV !== 'production',
  });
  if (isMailboxEnabled(config)) registerDevMailbox(app, ctx.db);

  for (const module of modules) await module.register(app, ctx);
  await registerOpenApi(app, ctx);
  await seedModules(ctx);
  if (config.SERVE_WEB) await registerWeb(app, ctx);

  ctx.jobs.hourly('sessions.purge', () => purgeExpiredSessions(ctx.db, providers.clock.now()));
  // Tests drive the queue with ctx.jobs.drain(); a running server polls it.
  if (config.NODE_ENV !== 'test') app.addHook('onReady', async () => ctx.jobs.start());

  app.addHook('onClose', async () => {
    await ctx.jobs.stop();
    await ctx.sessions.close();
    await bus.close();
    for (const client of redisClients) client.disconnect();
    if (!options.database) await database.close();
  });
  return app;
};

/**
 * Every module's seed, under the migrations' advisory lock: replicas starting together on an empty database seed
 * one after another, each later one finding the rows already there (every seed is idempotent).
 */
const seedModules = (ctx: TAppContext) =>
  ctx.database.withLock(STARTUP_LOCK_ID, async () => {
    for (const module of modules) if (module.seed) await module.seed(ctx);
  });

const hitRateLimit = async (limiter: TRateLimiter, key: string, limit: TRateLimit) => {
  const { count, resetSeconds } = await limiter.hit(key, limit.windowSeconds);
  if (count > limit.max) throw new AppError('TooManyRequestsException', { retry_after: resetSeconds });
};

/**
 * CSRF defence for cookie-authenticated POSTs: the browser's Origin (or Referer) must be our own site.
 * Calls from inside the embedding frame come from our own /forms pages, so their origin is ours too.
 * Requests without a session cookie carry no ambient authority and pass.
 */
const checkSameOrigin = (request: FastifyRequest, config: TConfig) => {
  if (!request.cookies.sid) return;
  const source = request.headers.origin ?? request.headers.referer;
  if (!source) return; // not a browser: no ambient-cookie attack without Origin/Referer from a browser
  let origin: string;
  try {
    origin = new URL(source).origin;
  } catch {
    throw new AppError('AccessDeniedException', { message: 'Cross-site request refused' });
  }
  const allowed = new Set([publicUrl(config), originOf(request)].map((u) => new URL(u).origin));
  if (!allowed.has(origin))
    throw new AppError('AccessDeniedException', { message: 'Cross-site request refused' });
};
