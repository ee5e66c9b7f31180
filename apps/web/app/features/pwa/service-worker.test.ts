/**
 * The service worker's routing rules, run on the real /sw.js in a sandbox with a fake cache storage and network:
 * hashed assets cache first, pages fall back to the offline page, API calls, the cashier and other origins
 * are never answered by the worker.
 */
// @vitest-environment node
import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { beforeEach, describe, expect, it } from 'vitest';

const SOURCE = readFileSync(new URL('../../../public/sw.js', import.meta.url), 'utf8');
const ORIGIN = 'https://casino.example';

type THandler = (event: unknown) => void;

const makeWorker = () => {
  const stores = new Map<string, Map<string, Response>>();
  const cacheOf = (name: string) => {
    let store = stores.get(name);
    if (!store) {
      store = new Map();
      stores.set(name, store);
    }
    const entries = store;
    const keyOf = (request: Request | string) =>
      new URL(typeof request === 'string' ? request : request.url, ORIGIN).toString();
    return {
      match: async (request: Request | string) => entries.get(keyOf(request))?.clone(),
      put: async (request: Request | string, response: Response) =>
        void entries.set(keyOf(request), response),
      addAll: async (urls: string[]) => {
        for (const url of urls) entries.set(keyOf(url), new Response(`precached ${url}`, { status: 200 }));
      },
      keys: async () => [...entries.keys()].map((url) => new Request(url)),
      delete: async (request: Request | string) => entries.delete(keyOf(request)),
    };
  };
  const caches = {
    open: async (name: string) => cacheOf(name),
    keys: async () => [...stores.keys()],
    delete: async (name: string) => stores.delete(name),
  };
  const network = { online: true, calls: [] as string[] };
  const fetch = async (request: Request) => {
    network.calls.push(request.url);
    if (!network.online) throw new TypeError('Failed to fetch');
    const response = new Response(`network ${request.url}`, { status: 200 });
    Object.defineProperty(response, 'type', { value: 'basic' });
    return response;
  };
  const handlers = new Map<string, THandler>();
  const self = {
    location: { origin: ORIGIN },
    addEventListener: (type: string, handler: THandler) => handlers.set(type, handler),
    skipWaiting: async () => undefined,
    clients: { claim: async () => undefined },
  };
  runInNewContext(SOURCE, { self, caches, fetch, URL, Request, Response, Promise, Math });

  /** Dispatches a fetch event: the worker's answer, or null when it lets the browser go to the network. */
  const request = async (path: string, init: { method?: string; mode?: string; origin?: string } = {}) => {
    const req = new Request(`${init.origin ?? ORIGIN}${path}`, { method: init.method ?? 'GET' });
    Object.defineProperty(req, 'mode', { value: init.mode ?? 'cors' });
    let answer: Promise<Response> | null = null;
    handlers.get('fetch')?.({ request: req, respondWith: (p: Promise<Response>) => (answer = p) });
    return answer ? await (answer as Promise<Response>).then((r) => r.text()) : null;
  };
  const lifecycle = async (type: 'install' | 'activate') => {
    let done: Promise<unknown> = Promise.resolve();
    handlers.get(type)?.({ waitUntil: (p: Promise<unknown>) => (done = p) });
    await done;
  };
  return { request, lifecycle, network, stores };
};

let sw: ReturnType<typeof makeWorker>;
beforeEach(async () => {
  sw = makeWorker();
  await sw.lifecycle('install');
  await sw.lifecycle('activate');
});

describe('the service worker', () => {
  it('precaches the offline page, the manifest and the icons at install; drops old caches at activate', async () => {
    const cache = [...sw.stores.values()][0];
    expect([...(cache?.keys() ?? [])]).toEqual([
      `${ORIGIN}/offline.html`,
      `${ORIGIN}/manifest.webmanifest`,
      `${ORIGIN}/icons/icon-192.png`,
      `${ORIGIN}/icons/icon-512.png`,
    ]);
    sw.stores.set('casino-static-v0', new Map());
    await sw.lifecycle('activate');
    expect([...sw.stores.keys()]).toEqual(['casino-static-v1']);
  });

  it('serves the hashed build files cache first: one network trip, then from the cache even offline', async () => {
    expect(await sw.request('/assets/site-abc123.js')).toBe(`network ${ORIGIN}/assets/site-abc123.js`);
    sw.network.online = false;
    expect(await sw.request('/assets/site-abc123.js')).toBe(`network ${ORIGIN}/assets/site-abc123.js`);
    expect(sw.network.calls).toEqual([`${ORIGIN}/assets/site-abc123.js`]);
  });

  it('takes pages from the network, never stores them, and shows the offline page when it fails', async () => {
    expect(await sw.request('/en/gamehall', { mode: 'navigate' })).toBe(`network ${ORIGIN}/en/gamehall`);
    const cached = [...(sw.stores.get('casino-static-v1')?.keys() ?? [])];
    expect(cached).not.toContain(`${ORIGIN}/en/gamehall`);
    sw.network.online = false;
    expect(await sw.request('/en/gamehall', { mode: 'navigate' })).toBe('precached /offline.html');
  });

  it('never answers API calls, the cashier, sign-in flows, the version file, other sites or non-GET requests', async () => {
    sw.network.online = false;
    for (const path of [
      '/api/account.getInfo?v=1&locale=en',
      '/nfx/i18n/messages/en',
      '/oauth/init?service=sandbox',
      '/oauth/callback/sandbox?code=x',
      '/sandbox-pay/abc',
      '/latest-build.json?t=1',
      '/admin',
      '/hit?x=1',
    ])
      expect(await sw.request(path), path).toBeNull();
    for (const path of ['/cashier/deposit', '/de/cashier/withdraw', '/pt-BR/cashier'])
      expect(await sw.request(path, { mode: 'navigate' }), path).toBeNull();
    expect(await sw.request('/assets/x.js', { origin: 'https://cdn.example' })).toBeNull();
    expect(await sw.request('/assets/x.js', { method: 'POST' })).toBeNull();
    // A page's data request (not a navigation) goes to the network as it is.
    expect(await sw.request('/en/gamehall.data')).toBeNull();
    expect(sw.network.calls).toEqual([]);
  });
});
