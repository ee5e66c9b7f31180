/**
 * The server's metrics (docs/decisions/062): one prom-client registry per app (tests build many apps in a process),
 * served in Prometheus' text format at `GET /metrics` (metrics-route.ts) while METRICS_TOKEN is set. Without it
 * every recorder below is a no-op: a bet pays nothing for metrics nobody reads.
 *
 * Recorded as things happen: HTTP requests (route pattern, method, status; a histogram whose `_count` is the
 * request count), bets (source, outcome, latency), wallet transactions (executor, latency), sportsbook feed
 * messages (type, result, lag). Read at scrape time: the values `readAtScrape` registers (the jobs table, the
 * database pool, sockets, the ledger's postings), each a gauge or a counter set from what it reads.
 */
import client from 'prom-client';

/** Where a bet came from: our games, visitors' play money, the shared tables, the sportsbook, a provider's stake. */
export type TBetSource = 'games' | 'visitors' | 'shared_tables' | 'sportsbook' | 'providers';
export type TBetOutcome = 'placed' | 'replayed' | 'refused' | 'failed';
export type TWalletExecutor = 'single' | 'batch';

/** A value read at scrape time: its samples, each with its labels. */
export type TSamples = { labels?: Record<string, string>; value: number }[];

export interface TScrapeReading {
  name: string;
  help: string;
  /** A counter's value only grows (e.g. postings since the ledger began); a gauge goes either way. */
  type: 'gauge' | 'counter';
  labelNames?: string[];
  read(): Promise<TSamples> | TSamples;
}

export interface TMetrics {
  enabled: boolean;
  /** The registry (null when off): what GET /metrics answers. */
  registry: client.Registry | null;
  httpRequest(method: string, route: string, status: number, seconds: number): void;
  bet(source: TBetSource, outcome: TBetOutcome, seconds: number): void;
  walletTransaction(executor: TWalletExecutor, jobs: number, seconds: number): void;
  feedMessage(type: string, result: 'applied' | 'duplicate', lagSeconds: number): void;
  /** Registers a value read at each scrape (a module's table, the pool, the sockets). */
  readAtScrape(reading: TScrapeReading): void;
}

const PREFIX = 'casino_';
/** Seconds: a bet takes a few milliseconds; the tail up to seconds (a lock held by a settlement). */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
/** A feed message's lag: from the producer's timestamp to its apply's commit (seconds to minutes on recovery). */
const LAG_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300];

const noop = () => {};

/** Recorders that record nothing: metrics are off. */
export const disabledMetrics = (): TMetrics => ({
  enabled: false,
  registry: null,
  httpRequest: noop,
  bet: noop,
  walletTransaction: noop,
  feedMessage: noop,
  readAtScrape: noop,
});

export const createMetrics = (options: { enabled: boolean }): TMetrics => {
  if (!options.enabled) return disabledMetrics();
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry, prefix: PREFIX });

  const http = new client.Histogram({
    name: `${PREFIX}http_request_duration_seconds`,
    help: 'HTTP requests by route pattern (an API call by its name), method and status: _count is the request count',
    labelNames: ['method', 'route', 'status'],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const betLatency = new client.Histogram({
    name: `${PREFIX}bet_duration_seconds`,
    help: "A bet through the wallet's placeBet, from the command to its answer, by source and outcome",
    labelNames: ['source', 'outcome'],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const bets = new client.Counter({
    name: `${PREFIX}bets_total`,
    help: 'Bets by source (games, visitors, shared_tables, sportsbook, providers) and outcome',
    labelNames: ['source', 'outcome'],
    registers: [registry],
  });
  const wallet = new client.Histogram({
    name: `${PREFIX}wallet_transaction_duration_seconds`,
    help: "A wallet executor's transaction: one job on its own (single) or a batch of jobs sharing one (batch)",
    labelNames: ['executor'],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const walletJobs = new client.Counter({
    name: `${PREFIX}wallet_jobs_total`,
    help: 'Wallet jobs (bets, wins, rollbacks) by the executor that ran them',
    labelNames: ['executor'],
    registers: [registry],
  });
  const feed = new client.Counter({
    name: `${PREFIX}sportsbook_feed_messages_total`,
    help: 'Sportsbook feed messages committed, by type and result (applied, or a duplicate acknowledged)',
    labelNames: ['type', 'result'],
    registers: [registry],
  });
  const feedLag = new client.Histogram({
    name: `${PREFIX}sportsbook_feed_lag_seconds`,
    help: "From a feed message's timestamp to the commit of its apply",
    labelNames: ['type'],
    buckets: LAG_BUCKETS,
    registers: [registry],
  });

  return {
    enabled: true,
    registry,
    httpRequest(method, route, status, seconds) {
      http.observe({ method, route, status: String(status) }, seconds);
    },
    bet(source, outcome, seconds) {
      bets.inc({ source, outcome });
      betLatency.observe({ source, outcome }, seconds);
    },
    walletTransaction(executor, jobs, seconds) {
      wallet.observe({ executor }, seconds);
      walletJobs.inc({ executor }, jobs);
    },
    feedMessage(type, result, lagSeconds) {
      feed.inc({ type, result });
      if (result === 'applied') feedLag.observe({ type }, Math.max(0, lagSeconds));
    },
    readAtScrape(reading) {
      const name = `${PREFIX}${reading.name}`;
      const labelNames = reading.labelNames ?? [];
      // A scrape that cannot read (the database away) answers the rest and leaves this value out.
      const fill = async (metric: client.Gauge | client.Counter) => {
        metric.reset();
        for (const sample of await reading.read())
          if (reading.type === 'gauge') (metric as client.Gauge).set(sample.labels ?? {}, sample.value);
          else (metric as client.Counter).inc(sample.labels ?? {}, sample.value);
      };
      const common = { name, help: reading.help, labelNames, registers: [registry] };
      if (reading.type === 'gauge')
        new client.Gauge({
          ...common,
          async collect() {
            await fill(this).catch(() => this.reset());
          },
        });
      else
        new client.Counter({
          ...common,
          async collect() {
            await fill(this).catch(() => this.reset());
          },
        });
    },
  };
};
