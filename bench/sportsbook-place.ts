/**
 * bench:sportsbook's placement step: BENCH_CLIENTS players, each on one raw keep-alive connection (harness.ts) with
 * one request in flight, place 1.00 singles on their own pre-match event (it starts in a day, so the live delay
 * never applies: the server runs with its default 5 s delay) through `POST /api/sportsbook.placeBet`; slices of
 * placement alternate with pgbench's TPC-B-like script with the same client count, so both meet the same load.
 * Prints per slice the rate, the CPU per bet of the load generator, the server and the PostgreSQL backends of the
 * book's database, and the load average; the ratio is bets/s over pgbench's tps.
 */
import { loadavg } from 'node:os';
import pg from 'pg';
import { backendCpu, log, pgbench as pgbenchOn, procCpu, rawConnection } from './harness.ts';

export const placementStep = async (input: {
  port: number;
  serverPid: number;
  clients: number;
  seconds: number;
  warmup: number;
  slices: number;
  adminUrl: string;
  bookDb: string;
  pgbenchDb: string;
  cookies: string[];
}) => {
  const connections = input.cookies.map(() => rawConnection(input.port));
  const counters = input.cookies.map(() => 0);
  let failed = 0;
  const drive = async (sliceSeconds: number) => {
    const deadline = performance.now() + sliceSeconds * 1000;
    let placed = 0;
    await Promise.all(
      input.cookies.map(async (cookie, i) => {
        const connection = connections[i] as ReturnType<typeof rawConnection>;
        while (performance.now() < deadline) {
          const body = new URLSearchParams({
            selections: JSON.stringify([
              { event_id: `bench-place-${i}`, market_id: 1, specifiers: '', outcome_id: '1', odds: 2 },
            ]),
            type: 'single',
            stake: '1.00',
            accept_odds: 'any',
            bet_uuid: `b${i}-${counters[i]}`,
          }).toString();
          counters[i] = (counters[i] ?? 0) + 1;
          const answer = await connection.post(
            '/api/sportsbook.placeBet?v=1&locale=en',
            {
              cookie,
              'content-type': 'application/x-www-form-urlencoded',
              origin: `http://127.0.0.1:${input.port}`,
            },
            body,
          );
          if (answer.status === 200 && (JSON.parse(answer.body) as { error: unknown }).error === null)
            placed++;
          else if (failed++ < 3) log(`  refused: ${answer.status} ${answer.body.slice(0, 300)}`);
        }
      }),
    );
    return placed;
  };
  const monitor = new pg.Client({ connectionString: input.adminUrl });
  await monitor.connect();
  const bench = pgbenchOn(input.adminUrl, input.pgbenchDb, input.clients);
  bench.init();
  if (input.warmup > 0) await drive(input.warmup);
  const sliceSeconds = Math.max(1, Math.round(input.seconds / input.slices));
  let placed = 0;
  let placedSeconds = 0;
  let pgbenchTransactions = 0;
  const cpu = { client: 0, server: 0, database: 0 };
  for (let slice = 0; slice < input.slices; slice++) {
    const clientBefore = process.cpuUsage();
    const serverBefore = procCpu(input.serverPid);
    const backendsBefore = await backendCpu(monitor, input.bookDb);
    const started = performance.now();
    const bets = await drive(sliceSeconds);
    const elapsed = (performance.now() - started) / 1000;
    const clientUsed = process.cpuUsage(clientBefore);
    const used = {
      client: (clientUsed.user + clientUsed.system) / 1e6,
      server: procCpu(input.serverPid) - serverBefore,
      database: 0,
    };
    for (const [pid, seconds] of await backendCpu(monitor, input.bookDb))
      used.database += seconds - (backendsBefore.get(pid) ?? 0);
    placed += bets;
    placedSeconds += elapsed;
    for (const key of ['client', 'server', 'database'] as const) cpu[key] += used[key];
    const ms = (seconds: number) => ((seconds * 1000) / Math.max(1, bets)).toFixed(2);
    log(
      `  placement slice: ${(bets / elapsed).toFixed(1)} bets/s, cpu per bet ${ms(used.client)} / ${ms(used.server)} / ${ms(used.database)} ms (client / server / PostgreSQL), load ${loadavg()[0]?.toFixed(2)}`,
    );
    const { tps } = await bench.run(sliceSeconds, async () => new Map());
    pgbenchTransactions += tps * sliceSeconds;
    log(`  pgbench slice: ${tps.toFixed(1)} tps, load ${loadavg()[0]?.toFixed(2)}`);
  }
  for (const connection of connections) connection.close();
  await monitor.end();
  const perBet = (seconds: number) => `${((seconds * 1000) / Math.max(1, placed)).toFixed(2)} ms`;
  log(
    `placement: ${placed} bets in ${placedSeconds.toFixed(1)} s (${failed} refused); cpu per bet: client ${perBet(cpu.client)}, server ${perBet(cpu.server)}, PostgreSQL backends ${perBet(cpu.database)}`,
  );
  return {
    betsPerSecond: placed / placedSeconds,
    tps: pgbenchTransactions / (sliceSeconds * input.slices),
  };
};
