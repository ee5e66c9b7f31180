/**
 * `npm run bench:pages`: how many public pages a second the production build serves a visitor, and their p99.
 * One production server (the built site, `npm run build` first) on a scratch PostgreSQL database it makes and drops
 * (`DATABASE_URL`, default the local `test` database as admin), seeded as every start seeds; autocannon then loads
 * each public route and `/healthz` in turn for `BENCH_SECONDS` (10) with `BENCH_CONNECTIONS` (16) keep-alive
 * connections, after one warm-up request per route. A route answering anything but 200 is reported as errors.
 * Last line: the slowest public page's rate as a ratio to the home page's, so runs on a busier machine compare.
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
    autocannon({ url, connections, duration: seconds, pipelining: 1 }, (error, result) =>
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
  for (const route of ROUTES) {
    const warm = await fetch(`http://127.0.0.1:${port}${route}`);
    const body = await warm.arrayBuffer();
    if (warm.status !== 200) throw new Error(`${route} answered ${warm.status}`);
    const result = await load(`http://127.0.0.1:${port}${route}`);
    const row = {
      route,
      perSecond: result.requests.average,
      p99: result.latency.p99,
      errors: result.errors + result.non2xx + result.timeouts,
      kb: body.byteLength / 1024,
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
const slowest = pages.reduce((low, f) => (f.perSecond < low.perSecond ? f : low));
const errors = figures.reduce((total, f) => total + f.errors, 0);
console.log(
  `pages: home ${home.perSecond.toFixed(0)}/s, slowest ${slowest.route} ${slowest.perSecond.toFixed(0)}/s (ratio to home ${(slowest.perSecond / home.perSecond).toFixed(2)}), healthz ${figures.at(-1)?.perSecond.toFixed(0)}/s, errors ${errors}`,
);
if (errors > 0) process.exitCode = 1;
