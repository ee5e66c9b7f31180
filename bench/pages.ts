/**
 * `npm run bench:pages`: how many public pages a second the production build serves a visitor, and their p99.
 * One production server (the built site, `npm run build` first) on a scratch PostgreSQL database it makes and drops
 * (`DATABASE_URL`, default the local `test` database as admin), seeded as every start seeds; autocannon then loads
 * each public route and `/healthz` for `BENCH_SECONDS` (10) with `BENCH_CONNECTIONS` (16) keep-alive connections,
 * after one warm-up request per route. The seconds are cut into `BENCH_ROUNDS` (5) slices taken route after route,
 * round after round, so a machine whose load swings (other processes) weighs on every route alike. A route answering
 * anything but 200 is reported as errors. The server keeps visitors' pages (PAGE_CACHE, ADR 069) as production does;
 * `PAGE_CACHE=0 npm run bench:pages` measures the renders. Last line: the slowest public page's rate as a ratio to
 * the home page's and to `/healthz`, so runs on a busier machine compare.
 */
import autocannon from 'autocannon';
import { DEFAULT_ADMIN_URL, log, postgresAdmin, startServer, stopServer } from './harness.ts';

const ROUTES = [
  '/',
  '/gamehall',
  '/gamehall?category=slots',
  '/betting',
  '/promotions',
  '/tournaments',
  '/jackpots',
  '/winners',
  '/providers',
  '/loyalty',
  '/loyalty/shop',
  '/fairness',
  '/support',
  '/ar/gamehall',
  '/healthz',
];

const seconds = Number(process.env.BENCH_SECONDS) || 10;
const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS) || 5);
const connections = Number(process.env.BENCH_CONNECTIONS) || 16;
const port = 20_000 + Math.floor(Math.random() * 20_000);
const adminUrl = process.env.DATABASE_URL ?? DEFAULT_ADMIN_URL;
const postgres = postgresAdmin(adminUrl);
const database = `bench_pages_${process.pid}`;

interface TRouteFigures {
  route: string;
  perSecond: number;
  p99: number;
  errors: number;
  kb: number;
}

const load = (url: string) =>
  new Promise<autocannon.Result>((resolve, reject) => {
    autocannon({ url, connections, duration: seconds / rounds, pipelining: 1 }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });

await postgres.run(`create database ${database}`);
const server = await startServer({
  port,
  env: { DATABASE_URL: postgres.url(database), SERVE_WEB: '1' },
});
const figures: TRouteFigures[] = [];
try {
  const sizes = new Map<string, number>();
  for (const route of ROUTES) {
    const warm = await fetch(`http://127.0.0.1:${port}${route}`);
    const body = await warm.arrayBuffer();
    if (warm.status !== 200) throw new Error(`${route} answered ${warm.status}`);
    sizes.set(route, body.byteLength / 1024);
  }
  const slices = new Map<string, autocannon.Result[]>(ROUTES.map((route) => [route, []]));
  for (let round = 0; round < rounds; round += 1)
    for (const route of ROUTES) slices.get(route)?.push(await load(`http://127.0.0.1:${port}${route}`));
  for (const route of ROUTES) {
    const results = slices.get(route) ?? [];
    const p99s = results.map((r) => r.latency.p99).sort((a, b) => a - b);
    const row = {
      route,
      perSecond: results.reduce((total, r) => total + r.requests.total, 0) / seconds,
      // The median slice's p99: one slice that met a burst of other work does not stand for the route.
      p99: p99s[Math.floor(p99s.length / 2)] ?? 0,
      errors: results.reduce((total, r) => total + r.errors + r.non2xx + r.timeouts, 0),
      kb: sizes.get(route) ?? 0,
    };
    figures.push(row);
    log(
      `${route.padEnd(26)} ${row.perSecond.toFixed(0).padStart(6)} pages/s, p99 ${row.p99} ms, ${row.kb.toFixed(0)} KB, errors ${row.errors}`,
    );
  }
} finally {
  await stopServer(server);
  await postgres.run(`drop database if exists ${database} with (force)`).catch(() => undefined);
}

const pages = figures.filter((f) => f.route !== '/healthz');
const home = pages.find((f) => f.route === '/') as TRouteFigures;
const healthz = figures.find((f) => f.route === '/healthz') as TRouteFigures;
const slowest = pages.reduce((low, f) => (f.perSecond < low.perSecond ? f : low));
const errors = figures.reduce((total, f) => total + f.errors, 0);
console.log(
  `pages: home ${home.perSecond.toFixed(0)}/s (${(home.perSecond / healthz.perSecond).toFixed(2)} of healthz), slowest ${slowest.route} ${slowest.perSecond.toFixed(0)}/s (ratio to home ${(slowest.perSecond / home.perSecond).toFixed(2)}, to healthz ${(slowest.perSecond / healthz.perSecond).toFixed(2)}), healthz ${healthz.perSecond.toFixed(0)}/s, errors ${errors}`,
);
if (errors > 0) process.exitCode = 1;
