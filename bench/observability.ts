/**
 * The cost of the operator's eyes on bench:games (docs/decisions/062). Runs bench/games.ts's workload (the script
 * itself, as a child: its own server process, pgbench alternating) in pairs within one run (off first in odd pairs, on
 * first in even ones): `off` (no METRICS_TOKEN, no OTEL_EXPORTER_OTLP_ENDPOINT: the recorders are no-ops and nothing
 * is wrapped) and `on` (both set: every
 * request, bet, wallet transaction and query recorded and traced, every span exported over OTLP/HTTP to a sink in
 * this process, which counts them). The server child inherits both variables from games.ts's environment.
 *
 * While `on` runs, `/metrics` is scraped every BENCH_SCRAPE_SECONDS (5) with the token, and the bet latency
 * histogram (`casino_bet_duration_seconds`, source games) is printed as it moves: its count, the bets since the
 * last scrape, the mean and the bucket bounds of its p50 and p99. The server's port comes from the spans' own
 * `server.port` attribute (games.ts picks a random one).
 *
 * Env: BENCH_OBSERVE_PAIRS (1), BENCH_GAMES (sparkrush_dice_duel), BENCH_CASES (on: every consequence), and
 * games.ts's own (BENCH_SECONDS, BENCH_CLIENTS, BENCH_DB…). Prints each run's games.ts figures and, at the end,
 * on/off ratios of rounds/s and p99.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { log, ROOT } from './harness.ts';

const pairs = Math.max(1, Number(process.env.BENCH_OBSERVE_PAIRS ?? 1));
const scrapeSeconds = Math.max(1, Number(process.env.BENCH_SCRAPE_SECONDS ?? 5));
const token = randomBytes(24).toString('hex');

/** The OTLP/HTTP sink: counts the spans exported and remembers the server's port from their attributes. */
const sink = { spans: 0, exports: 0, port: 0 };
interface TOtlpAttribute {
  key: string;
  value: { intValue?: number | string };
}
const collector = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    try {
      const raw = Buffer.concat(chunks);
      const body = request.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw;
      const data = JSON.parse(body.toString('utf8')) as {
        resourceSpans: { scopeSpans: { spans: { attributes: TOtlpAttribute[] }[] }[] }[];
      };
      sink.exports++;
      for (const rs of data.resourceSpans)
        for (const ss of rs.scopeSpans)
          for (const span of ss.spans) {
            sink.spans++;
            const port = span.attributes.find((a) => a.key === 'server.port')?.value.intValue;
            if (port) sink.port = Number(port);
          }
    } catch {
      /* not JSON: counted as nothing */
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
});
await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
const endpoint = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;

/** A sample of the Prometheus text (the first line with the name and every label given). */
const sample = (text: string, name: string, labels: Record<string, string>) => {
  for (const line of text.split('\n'))
    if (line.startsWith(`${name}{`) && Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`)))
      return Number(line.slice(line.lastIndexOf(' ') + 1));
  return 0;
};

const BOUNDS = [
  '0.001',
  '0.0025',
  '0.005',
  '0.01',
  '0.025',
  '0.05',
  '0.1',
  '0.25',
  '0.5',
  '1',
  '2.5',
  '5',
  '+Inf',
];
const labels = { source: 'games', outcome: 'placed' };

/** The bet histogram's line for one scrape: count, the bets since `last`, mean, p50 and p99 bucket bounds. */
const histogramLine = (text: string, last: number) => {
  const count = sample(text, 'casino_bet_duration_seconds_count', labels);
  const sum = sample(text, 'casino_bet_duration_seconds_sum', labels);
  const bucket = (q: number) =>
    BOUNDS.find((le) => sample(text, 'casino_bet_duration_seconds_bucket', { ...labels, le }) >= q * count) ??
    '+Inf';
  const ms = (le: string) => (le === '+Inf' ? '+Inf' : `${Number(le) * 1000}`);
  const mean = count > 0 ? ((sum / count) * 1000).toFixed(2) : '–';
  return {
    count,
    line: `casino_bet_duration_seconds{source="games"}: count ${count} (+${count - last}), mean ${mean} ms, p50 ≤ ${ms(bucket(0.5))} ms, p99 ≤ ${ms(bucket(0.99))} ms`,
  };
};

/** Scrapes the `on` server's /metrics every few seconds until `stop`; prints the bet histogram each time. */
const scrapeWhile = (stopped: () => boolean) =>
  (async () => {
    let last = 0;
    const started = performance.now();
    while (!stopped()) {
      await new Promise((r) => setTimeout(r, scrapeSeconds * 1000));
      if (!sink.port || stopped()) continue;
      try {
        const response = await fetch(`http://127.0.0.1:${sink.port}/metrics`, {
          headers: { authorization: `Bearer ${token}` },
        });
        if (!response.ok) continue;
        const { count, line } = histogramLine(await response.text(), last);
        last = count;
        log(
          `  t=${((performance.now() - started) / 1000).toFixed(0)}s ${line}; spans exported ${sink.spans}`,
        );
      } catch {
        /* between cases: the server is restarting */
      }
    }
  })();

interface TFigures {
  rate: number;
  /** Rounds/s over pgbench's tps in the same slices (games.ts): what a busy machine changes least. */
  ratio: number;
  p99: number;
  /** The server process's CPU per round (ms): the instrumentation's own cost shows here first. */
  serverCpu: number;
  lines: string[];
}

/** Runs games.ts once; answers its games.play figures (rounds/s and p99 of the first game). */
const runGames = async (observe: boolean): Promise<TFigures> => {
  const env: Record<string, string | undefined> = {
    ...process.env,
    BENCH_GAMES: process.env.BENCH_GAMES ?? 'sparkrush_dice_duel',
    BENCH_CASES: process.env.BENCH_CASES ?? 'on',
    BENCH_ENGINE_MS: process.env.BENCH_ENGINE_MS ?? '20',
    METRICS_TOKEN: observe ? token : undefined,
    OTEL_EXPORTER_OTLP_ENDPOINT: observe ? endpoint : undefined,
  };
  sink.port = 0;
  const child = spawn(process.execPath, ['bench/games.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString('utf8');
  });
  let done = false;
  const scraping = observe ? scrapeWhile(() => done) : Promise.resolve();
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  done = true;
  await scraping;
  if (code !== 0) throw new Error(`bench/games.ts exited with ${code}:\n${out}`);
  const lines = out.split('\n').filter((l) => l.startsWith('games.play') || l.startsWith('  '));
  const head = /games\.play \S+ ([\d.]+) rounds\/s.*?(?:ratio ([\d.]+), )?p99 ([\d.]+) ms/.exec(out);
  const cpu = /cpu per round: client [\d.]+ ms, server(?: with PGlite)? ([\d.]+) ms/.exec(out);
  return {
    rate: Number(head?.[1] ?? 0),
    ratio: Number(head?.[2] ?? 0),
    p99: Number(head?.[3] ?? 0),
    serverCpu: Number(cpu?.[1] ?? 0),
    lines,
  };
};

const results: { off: TFigures; on: TFigures }[] = [];
try {
  for (let pair = 1; pair <= pairs; pair++) {
    // The order turns each pair (off first, then on first): a run's second case meets a warmer database.
    const runOff = async () => {
      log(`pair ${pair}/${pairs}: off (no metrics, no tracing)`);
      const off = await runGames(false);
      for (const line of off.lines) console.log(`off ${line}`);
      return off;
    };
    const runOn = async () => {
      log(
        `pair ${pair}/${pairs}: on (METRICS_TOKEN, OTEL_EXPORTER_OTLP_ENDPOINT → the sink); /metrics every ${scrapeSeconds}s`,
      );
      const spansBefore = sink.spans;
      const on = await runGames(true);
      for (const line of on.lines) console.log(`on  ${line}`);
      console.log(`on  spans exported to the OTLP sink: ${sink.spans - spansBefore}`);
      return on;
    };
    if (pair % 2 === 1) {
      const off = await runOff();
      results.push({ off, on: await runOn() });
    } else {
      const on = await runOn();
      results.push({ on, off: await runOff() });
    }
  }
} finally {
  collector.close();
}
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
const rateOn = mean(results.map((r) => r.on.rate));
const rateOff = mean(results.map((r) => r.off.rate));
console.log(
  `observability cost on games.play: ${rateOn.toFixed(1)} rounds/s on vs ${rateOff.toFixed(1)} off (on/off ${(rateOn / Math.max(1e-9, rateOff)).toFixed(3)}); ` +
    `ratio to pgbench ${mean(results.map((r) => r.on.ratio)).toFixed(3)} on vs ${mean(results.map((r) => r.off.ratio)).toFixed(3)} off; ` +
    `p99 ${mean(results.map((r) => r.on.p99)).toFixed(1)} ms on vs ${mean(results.map((r) => r.off.p99)).toFixed(1)} ms off; ` +
    `server CPU per round ${mean(results.map((r) => r.on.serverCpu)).toFixed(2)} ms on vs ${mean(results.map((r) => r.off.serverCpu)).toFixed(2)} ms off`,
);
