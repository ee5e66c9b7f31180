/**
 * Serves the site (React Router framework mode, server-rendered) from this process and port.
 * Development: a Vite dev server in middleware mode (hot reload) and the server build loaded through
 * `ssrLoadModule`. Production: `apps/web/build/client` as static files and `apps/web/build/server/index.js`.
 * The site is the catch-all route, so every route the server registers itself keeps precedence.
 * Loaders reach the API through `app.inject` (docs/decisions/004-site-loaders-call-the-api-in-process.md).
 */
import { existsSync } from 'node:fs';
import { Readable } from 'node:stream';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import {
  brotliCompress,
  createBrotliCompress,
  createGzip,
  gzip,
  constants as zlibConstants,
} from 'node:zlib';
import middie from '@fastify/middie';
import fastifyStatic from '@fastify/static';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import type { ServerBuild } from 'react-router';
import { hasDemoFeatures } from './config.ts';
import type { TAppContext } from './context.ts';
import {
  cutAtNonce,
  PUBLIC_PAGE_HEADER,
  pageCacheKey,
  type TCachedPage,
  type TPageCache,
} from './page-cache.ts';

export const WEB_DIR = fileURLToPath(new URL('../../../web/', import.meta.url));

/** Paths the server answers itself: never rendered by the site, even when no route matches. */
const SERVER_PREFIXES = [
  '/api/',
  '/nfx/',
  '/dev/',
  '/wallet/',
  '/oauth/',
  '/_ipx/',
  '/healthz',
  '/readyz',
  '/ws',
  '/robots.txt',
  '/metrics',
  '/hit',
  '/admin',
];

/**
 * Vite names assets by content hash: they never change under the same name. The service worker, the
 * latest-build file and the manifest must be seen fresh after a deploy (features/pwa); the rest an hour.
 */
export const staticCacheControl = (filePath: string) => {
  if (filePath.includes('/assets/')) return 'public, max-age=31536000, immutable';
  if (/[\\/](sw\.js|latest-build\.json|manifest\.webmanifest)$/.test(filePath)) return 'no-cache';
  return 'public, max-age=3600';
};

export const isServerPath = (url: string) => {
  const path = url.split('?')[0] ?? url;
  return SERVER_PREFIXES.some((prefix) =>
    prefix.endsWith('/')
      ? path.startsWith(prefix) || path === prefix.slice(0, -1)
      : path === prefix || path.startsWith(`${prefix}/`) || path.startsWith(`${prefix}?`),
  );
};

/** What the site's entry module exports for its host (apps/web/app/entry.server.tsx). */
interface TSiteEntry {
  createRequestHandler: (
    build: ServerBuild,
    mode?: string,
  ) => (request: Request, context?: unknown) => Promise<Response>;
  createLoadContext: (services: TServerServices) => unknown;
}

interface TServerServices {
  fetch: (path: string, init?: RequestInit) => Promise<Response>;
  ip: string;
  nonce: string;
  demo: boolean;
  /** The browser's error reporting (SENTRY_DSN_PUBLIC: a DSN meant to be public), or null. */
  errorReporting: { dsn: string; environment: string } | null;
  /** The settings version of the page cache (0 without one): the site drops its shared reads when it moves. */
  settingsVersion: number;
}

// The address headers too: links the API makes follow the address the page was asked on (platform/public-url.ts).
const FORWARDED_HEADERS = [
  'cookie',
  'user-agent',
  'accept-language',
  'host',
  'x-forwarded-host',
  'x-forwarded-proto',
];

/** A Fetch-compatible door into this server's own routes, carrying the player's cookies. */
const servicesFor = (app: FastifyInstance, request: FastifyRequest): TServerServices => ({
  ip: request.ip,
  settingsVersion: app.pageCache?.version ?? 0,
  nonce: request.cspNonce,
  demo: hasDemoFeatures(app.ctx.config),
  errorReporting: app.ctx.config.SENTRY_DSN_PUBLIC
    ? {
        dsn: app.ctx.config.SENTRY_DSN_PUBLIC,
        environment: app.ctx.config.SENTRY_ENVIRONMENT || app.ctx.config.NODE_ENV,
      }
    : null,
  fetch: async (path, init = {}) => {
    const headers: Record<string, string> = {};
    for (const name of FORWARDED_HEADERS) {
      const value = request.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    // The page's own id (checked in request-id.ts), so its API calls log under it.
    headers['x-request-id'] = request.id;
    new Headers(init.headers).forEach((value, name) => {
      headers[name] = value;
    });
    let payload: string | Buffer | undefined;
    if (init.body instanceof URLSearchParams) {
      payload = init.body.toString();
      headers['content-type'] = 'application/x-www-form-urlencoded';
    } else if (init.body instanceof FormData) {
      const encoded = new Response(init.body);
      payload = Buffer.from(await encoded.arrayBuffer());
      headers['content-type'] = encoded.headers.get('content-type') ?? 'multipart/form-data';
    } else if (typeof init.body === 'string') {
      payload = init.body;
    }
    const method = (init.method ?? 'GET').toUpperCase() as HTTPMethods;
    const response = await app.inject({ method, url: path, headers, payload, remoteAddress: request.ip });
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (value === undefined) continue;
      if (Array.isArray(value)) for (const v of value) responseHeaders.append(name, v);
      else responseHeaders.set(name, String(value));
    }
    const empty = method === 'HEAD' || response.statusCode === 204 || response.statusCode === 304;
    return new Response(empty ? null : new Uint8Array(response.rawPayload), {
      status: response.statusCode,
      headers: responseHeaders,
    });
  },
});

const toFetchRequest = (request: FastifyRequest, reply: FastifyReply): Request => {
  const url = new URL(request.url, `${request.protocol}://${request.host}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, String(value));
  }
  const controller = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  const init: RequestInit & { duplex?: 'half' } = {
    method: request.method,
    headers,
    signal: controller.signal,
  };
  if (request.method !== 'GET' && request.method !== 'HEAD' && Buffer.isBuffer(request.body))
    init.body = new Uint8Array(request.body);
  return new Request(url, init);
};

const BROTLI_QUALITY = 5;

/** Which encoding a text answer gets: br, else gzip, else none (an answer already encoded, or not text). */
const encodingFor = (request: FastifyRequest, contentType: string, encoded: boolean) => {
  if (encoded || !/text\/|json|turbo-stream|x-script/.test(contentType)) return undefined;
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) return 'br' as const;
  if (/\bgzip\b/.test(accepted)) return 'gzip' as const;
  return undefined;
};

/** Rendered pages are compressed on the fly, flushing as React streams so the shell still arrives early. */
const compressorFor = (request: FastifyRequest, response: Response) => {
  const encoding = encodingFor(
    request,
    response.headers.get('content-type') ?? '',
    response.headers.has('content-encoding'),
  );
  if (encoding === 'br')
    return {
      encoding,
      stream: createBrotliCompress({
        flush: zlibConstants.BROTLI_OPERATION_FLUSH,
        params: { [zlibConstants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY },
      }),
    };
  if (encoding === 'gzip') return { encoding, stream: createGzip({ flush: zlibConstants.Z_SYNC_FLUSH }) };
  return undefined;
};

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * A kept page with this request's nonce (the CSP header, security-headers.ts, carries the same), compressed in the
 * thread pool in one piece.
 */
const sendCachedPage = async (request: FastifyRequest, reply: FastifyReply, page: TCachedPage) => {
  reply.status(page.status);
  for (const [name, value] of Object.entries(page.headers)) reply.header(name, value);
  const body = Buffer.from(page.parts.join(request.cspNonce));
  const encoding = encodingFor(request, page.headers['content-type'] ?? '', false);
  if (!encoding) return reply.send(body);
  reply.header('content-encoding', encoding);
  reply.header('vary', 'accept-encoding');
  return reply.send(
    encoding === 'br'
      ? await brotliAsync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } })
      : await gzipAsync(body),
  );
};

/** A page the site marked the same for every visitor (never one with a cookie to set, never an error). */
const isKeepable = (response: Response) =>
  response.status === 200 &&
  response.headers.get(PUBLIC_PAGE_HEADER) === '1' &&
  response.headers.getSetCookie().length === 0 &&
  (response.headers.get('content-type') ?? '').startsWith('text/html') &&
  !/no-store|private/.test(response.headers.get('cache-control') ?? '');

/** Reads the whole page, keeps it cut at its nonce, and sends it. */
const keepAndSend = async (
  request: FastifyRequest,
  reply: FastifyReply,
  response: Response,
  cache: { store: TPageCache; key: string; version: number },
) => {
  const html = await response.text();
  const headers: Record<string, string> = {};
  for (const [name, value] of response.headers) {
    if (name === 'set-cookie' || name === 'content-length' || name === PUBLIC_PAGE_HEADER) continue;
    headers[name] = value;
  }
  const page = { status: response.status, headers, parts: cutAtNonce(html, request.cspNonce) };
  cache.store.set(cache.key, page, cache.version);
  return sendCachedPage(request, reply, page);
};

const sendFetchResponse = (request: FastifyRequest, reply: FastifyReply, response: Response) => {
  reply.status(response.status);
  for (const [name, value] of response.headers) {
    if (name === 'set-cookie' || name === 'content-length' || name === PUBLIC_PAGE_HEADER) continue;
    reply.header(name, value);
  }
  // A signed-in player's pages and loader data are theirs alone: no cache keeps them.
  if (request.player) reply.header('cache-control', 'no-store');
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  if (!response.body) return reply.send();
  const body = Readable.fromWeb(response.body as import('node:stream/web').ReadableStream);
  const compressor = compressorFor(request, response);
  if (!compressor) return reply.send(body);
  reply.header('content-encoding', compressor.encoding);
  reply.header('vary', 'accept-encoding');
  return reply.send(body.pipe(compressor.stream));
};

export const registerWeb = async (app: FastifyInstance, ctx: TAppContext) => {
  const production = ctx.config.NODE_ENV === 'production';
  let loadBuild: () => Promise<{ build: ServerBuild; entry: TSiteEntry }>;
  let fixStack: (error: Error) => void = () => {};

  if (production) {
    const serverFile = `${WEB_DIR}build/server/index.js`;
    if (!existsSync(serverFile))
      throw new Error(`The site is not built: ${serverFile} is missing (run npm run build)`);
    const build = (await import(pathToFileURL(serverFile).href)) as ServerBuild;
    const entry = build.entry.module as unknown as TSiteEntry;
    loadBuild = async () => ({ build, entry });
    await app.register(fastifyStatic, {
      root: `${WEB_DIR}build/client`,
      prefix: '/',
      wildcard: false,
      index: false,
      decorateReply: false,
      cacheControl: false,
      preCompressed: true,
      setHeaders: (res, filePath) => {
        res.setHeader('cache-control', staticCacheControl(filePath));
      },
    });
  } else {
    const { createServer } = await import('vite');
    const vite = await createServer({
      root: WEB_DIR,
      configFile: `${WEB_DIR}vite.config.ts`,
      server: { middlewareMode: true },
      appType: 'custom',
    });
    await app.register(middie);
    app.use((req, res, next) => {
      if (isServerPath(req.url ?? '/')) return next();
      vite.middlewares(req, res, next);
    });
    app.addHook('onClose', async () => vite.close());
    fixStack = (error) => vite.ssrFixStacktrace(error);
    loadBuild = async () => {
      const build = (await vite.ssrLoadModule('virtual:react-router/server-build')) as ServerBuild;
      return { build, entry: build.entry.module as unknown as TSiteEntry };
    };
  }

  const handlers = new WeakMap<ServerBuild, (request: Request, context?: unknown) => Promise<Response>>();
  const mode = production ? 'production' : 'development';

  await app.register(async (site) => {
    // The site's form actions read the body themselves: hand them its bytes, read up to the API's bodyLimit
    // (a declared larger body is refused before it is read, a chunked one once it passes the limit).
    site.removeAllContentTypeParsers();
    site.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    site.setErrorHandler((error, _request, reply) => {
      if ((error as FastifyError).code !== 'FST_ERR_CTP_BODY_TOO_LARGE') throw error;
      return reply.status(413).header('connection', 'close').type('text/plain').send('Payload Too Large');
    });
    site.route({
      method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      url: '/*',
      handler: async (request, reply) => {
        if (isServerPath(request.url)) return reply.callNotFound();
        const cache = app.pageCache;
        const key = cache ? pageCacheKey(request) : null;
        if (cache && key) {
          // A burst's concurrent misses wait for the first render of their page.
          const kept = cache.get(key) ?? (await cache.wait(key).then(() => cache.get(key)));
          reply.header('x-page-cache', kept ? 'hit' : 'miss');
          if (kept) return sendCachedPage(request, reply, kept);
        }
        const rendered = cache && key ? cache.begin(key) : () => {};
        const version = cache?.version ?? 0;
        try {
          const { build, entry } = await loadBuild();
          let handler = handlers.get(build);
          if (!handler) {
            handler = entry.createRequestHandler(build, mode);
            handlers.set(build, handler);
          }
          const response = await handler(
            toFetchRequest(request, reply),
            entry.createLoadContext(servicesFor(app, request)),
          );
          if (cache && key) {
            cache.rendered();
            if (isKeepable(response))
              return await keepAndSend(request, reply, response, { store: cache, key, version });
          }
          return sendFetchResponse(request, reply, response);
        } catch (error) {
          if (error instanceof Error) fixStack(error);
          throw error;
        } finally {
          rendered();
        }
      },
    });
  });
};
