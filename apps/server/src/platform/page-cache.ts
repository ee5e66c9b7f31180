/**
 * A visitor's public pages, kept rendered for PAGE_CACHE_TTL_MS (docs/decisions/069-public-page-cache.md). The key
 * is what the HTML varies by: address, path and query, theme, bot or browser, and on the bare index the locale
 * cookie and Accept-Language (it may redirect by them). A request with a session or a marketing-pause cookie is
 * never served from here nor stored; the host (web.ts) stores only what the site marked public. Entries belong
 * to a settings version: an operator's change (any instance, through the bus) drops them all at once.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TEventBus } from './bus.ts';
import type { TConfig } from './config.ts';
import type { TAppContext } from './context.ts';
import { SESSION_COOKIE } from './session.ts';

/** As fresh as the site's shared settings (apps/web/app/lib/site/shared-cache.ts SHARED_TTL_MS). */
export const PAGE_CACHE_TTL_MS = 10_000;
/** The bus topic that bumps every instance's settings version. */
export const PAGES_CHANGED = 'site.pages_changed';
/** The header the site's entry sets on a page every visitor gets alike (apps/web/app/lib/site/public-pages.ts). */
export const PUBLIC_PAGE_HEADER = 'x-public-page';
const MAX_BYTES = 32 * 1024 * 1024;

// The site's cookies (apps/web/app/lib/cookies.ts, @casino/contracts/marketing-pause) that change its HTML.
const THEME_COOKIE = 'theme';
const LOCALE_COOKIE = 'locale';
const MARKETING_PAUSE_COOKIE = 'rg_pause';
const BOT = /bot|crawl|spider|slurp|lighthouse|headless|preview/i;

export interface TCachedPage {
  status: number;
  headers: Record<string, string>;
  /** The HTML cut at its render's CSP nonce: a hit joins the parts with the request's own nonce. */
  parts: string[];
}

interface TEntry extends TCachedPage {
  at: number;
  bytes: number;
}

const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(',') : (value ?? '');
};

/** The cache key of a visitor's page request, or null when it must be rendered for this request alone. */
export const pageCacheKey = (request: FastifyRequest): string | null => {
  if (request.method !== 'GET') return null;
  const path = request.url.split('?')[0] ?? '';
  // Loader data (client navigations) is not a page; the document comes first anyway.
  if (path.endsWith('.data')) return null;
  const cookies = request.cookies ?? {};
  if (cookies[SESSION_COOKIE] !== undefined || cookies[MARKETING_PAUSE_COOKIE] !== undefined) return null;
  const parts = [
    request.protocol,
    header(request, 'host'),
    header(request, 'x-forwarded-host'),
    header(request, 'x-forwarded-proto'),
    request.url,
    cookies[THEME_COOKIE] ?? '',
    BOT.test(header(request, 'user-agent')) ? 'bot' : 'browser',
  ];
  // The bare index redirects to the chosen or the browser's locale (siteMiddleware).
  if (path === '/') parts.push(cookies[LOCALE_COOKIE] ?? '', header(request, 'accept-language'));
  return parts.join('\n');
};

export const cutAtNonce = (html: string, nonce: string) => (nonce ? html.split(nonce) : [html]);

export interface TPageCache {
  /** Bumped by every operator change; an entry of an older version is never served. */
  readonly version: number;
  get(key: string): TCachedPage | undefined;
  /** Keeps a page rendered at `version` (a render that straddled a change is dropped). */
  set(key: string, page: TCachedPage, version: number): void;
  /**
   * Marks a render of `key` under way; the answer ends it. Concurrent misses of a key `wait` for the first render
   * and take what it stored (a burst renders a page once, not once per connection).
   */
  begin(key: string): () => void;
  wait(key: string): Promise<void>;
  /** Drops every page here and tells the other instances (the bus). */
  invalidate(): Promise<void>;
  /** Counts a page the site rendered for a request that had a key (a miss). */
  rendered(): void;
  stats(): { hits: number; renders: number; stores: number; entries: number; bytes: number };
  close(): void;
}

export const createPageCache = (options: {
  bus: TEventBus;
  now: () => number;
  ttlMs?: number;
  maxBytes?: number;
}): TPageCache => {
  const { bus, now, ttlMs = PAGE_CACHE_TTL_MS, maxBytes = MAX_BYTES } = options;
  const entries = new Map<string, TEntry>();
  const inflight = new Map<string, Promise<void>>();
  let version = 0;
  let bytes = 0;
  let hits = 0;
  let renders = 0;
  let stores = 0;

  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    bytes -= entry.bytes;
    entries.delete(key);
  };
  const clear = () => {
    version += 1;
    entries.clear();
    bytes = 0;
  };
  // This instance clears at once; the bus tells the others (its own message, echoed by Redis later, is skipped).
  const instance = randomUUID();
  const unsubscribe = bus.subscribe((event) => {
    if (event.topic === PAGES_CHANGED && (event.payload as { from?: string } | null)?.from !== instance)
      clear();
  });

  return {
    get version() {
      return version;
    },
    get(key) {
      const entry = entries.get(key);
      if (!entry || now() - entry.at >= ttlMs) {
        if (entry) drop(key);
        return undefined;
      }
      // Least recently used goes first when the cache is full: a hit moves to the end.
      entries.delete(key);
      entries.set(key, entry);
      hits += 1;
      return entry;
    },
    set(key, page, renderedAt) {
      if (renderedAt !== version) return;
      const size = page.parts.reduce((total, part) => total + part.length * 2, 0);
      if (size > maxBytes / 8) return;
      drop(key);
      while (bytes + size > maxBytes && entries.size > 0) drop(entries.keys().next().value as string);
      entries.set(key, { ...page, at: now(), bytes: size });
      bytes += size;
      stores += 1;
    },
    begin(key) {
      if (inflight.has(key)) return () => {};
      let end = () => {};
      inflight.set(
        key,
        new Promise<void>((resolve) => {
          end = resolve;
        }),
      );
      return () => {
        inflight.delete(key);
        end();
      };
    },
    wait: async (key) => {
      await inflight.get(key);
    },
    async invalidate() {
      clear();
      await bus.publish(PAGES_CHANGED, { from: instance });
    },
    rendered: () => {
      renders += 1;
    },
    stats: () => ({ hits, renders, stores, entries: entries.size, bytes }),
    close: unsubscribe,
  };
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The visitors' page cache, or null when it is off (config PAGE_CACHE). */
    pageCache: TPageCache | null;
  }
}

export const isPageCacheOn = (config: Pick<TConfig, 'PAGE_CACHE' | 'NODE_ENV'>) =>
  config.PAGE_CACHE ?? config.NODE_ENV === 'production';

/** An operator's write: every change visitors may see (settings, pages, banners, games, competitions) is one. */
const isOperatorWrite = (method: string, url: string, status: number) =>
  method !== 'GET' && method !== 'HEAD' && status < 400 && (url === '/admin' || url.startsWith('/admin/'));

/**
 * Made before the modules register, so its hook sees every back-office answer: a successful write there bumps the
 * settings version of every instance.
 */
export const registerPageCache = (app: FastifyInstance, ctx: TAppContext) => {
  if (!ctx.config.SERVE_WEB || !isPageCacheOn(ctx.config)) {
    app.decorate('pageCache', null);
    return;
  }
  const cache = createPageCache({ bus: ctx.bus, now: () => ctx.providers.clock.now().getTime() });
  app.decorate('pageCache', cache);
  app.addHook('onResponse', async (request, reply) => {
    if (isOperatorWrite(request.method, request.url, reply.statusCode)) await cache.invalidate();
  });
  app.addHook('onClose', async () => cache.close());
};
