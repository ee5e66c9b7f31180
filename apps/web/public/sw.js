/*
 * The site's service worker (spec §7: /sw.js, scope /). It caches only what is the same for everyone:
 * the build's hashed files (/assets/, cache first: they never change under one name), the icons and the
 * manifest; it shows a cached offline page when a page cannot be reached. It never answers API calls, the
 * cashier, sign-in flows, the back-office or the version file from a cache: those always go to the network.
 * Pages themselves are never cached (they are personal). docs/decisions/015-pwa-and-versions.md
 */
const STATIC_CACHE = 'casino-static-v1';
const OFFLINE_URL = '/offline.html';
const PRECACHE = [OFFLINE_URL, '/manifest.webmanifest', '/icons/icon-192.png', '/icons/icon-512.png'];

/** Paths whose answers must always come from the server (no cache, no offline page). */
const NETWORK_ONLY = [
  /^\/api\//,
  /^\/nfx\//,
  /^\/oauth\//,
  /^\/sandbox-oidc\//,
  /^\/sandbox-pay\//,
  /^\/payments\//,
  /^\/wallet\//,
  /^\/admin(\/|$)/,
  /^\/dev\//,
  /^\/ws$/,
  /^\/hit$/,
  /^\/latest-build\.json$/,
  /^\/sw\.js$/,
  /^\/(?:[a-z]{2}(?:-[A-Za-z]{2})?\/)?cashier(\/|$)/,
];
/** Hashed files of older builds pile up: the oldest go beyond this many entries. */
const MAX_ENTRIES = 150;
const CACHE_FIRST = [/^\/assets\//, /^\/icons\//, /^\/favicon\.svg$/, /^\/manifest\.webmanifest$/];

/**
 * What the worker does with a request: 'network' (not handled: the browser goes to the network as if there
 * were no worker), 'cache-first' or 'page' (network, then the offline page when the network fails).
 */
function routeOf(request, origin) {
  if (request.method !== 'GET') return 'network';
  const url = new URL(request.url);
  if (url.origin !== origin) return 'network';
  if (NETWORK_ONLY.some((re) => re.test(url.pathname))) return 'network';
  if (CACHE_FIRST.some((re) => re.test(url.pathname))) return 'cache-first';
  if (request.mode === 'navigate') return 'page';
  return 'network';
}

async function cacheFirst(request) {
  const cache = await caches.open(STATIC_CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && response.type === 'basic') {
    await cache.put(request, response.clone());
    const keys = await cache.keys();
    for (const key of keys.slice(0, Math.max(0, keys.length - MAX_ENTRIES))) await cache.delete(key);
  }
  return response;
}

async function pageOrOffline(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const offline = await (await caches.open(STATIC_CACHE)).match(OFFLINE_URL);
    if (offline) return offline;
    throw error;
  }
}

if (typeof self !== 'undefined' && typeof self.addEventListener === 'function') {
  self.addEventListener('install', (event) => {
    event.waitUntil(
      caches
        .open(STATIC_CACHE)
        .then((cache) => cache.addAll(PRECACHE))
        .then(() => self.skipWaiting()),
    );
  });

  self.addEventListener('activate', (event) => {
    event.waitUntil(
      caches
        .keys()
        .then((keys) =>
          Promise.all(keys.filter((key) => key !== STATIC_CACHE).map((key) => caches.delete(key))),
        )
        .then(() => self.clients.claim()),
    );
  });

  self.addEventListener('fetch', (event) => {
    const route = routeOf(event.request, self.location.origin);
    if (route === 'cache-first') event.respondWith(cacheFirst(event.request));
    else if (route === 'page') event.respondWith(pageOrOffline(event.request));
  });
}
