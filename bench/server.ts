/**
 * The server as bench:games runs it: apps/server/src/main.ts's start (config from the environment, buildApp,
 * listen, close on SIGTERM), plus one bench-only switch: BENCH_BETS_OFF=1 turns every consequence of a bet off
 * (`app.ctx.bets.enabled = false`) for the "off" case. Not a production setting: only this launcher reads it.
 * On exit it prints how the wallet's micro-batches went (docs/decisions/037).
 */
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/platform/config.ts';
import { walletBatchesLine } from './harness.ts';

const config = loadConfig();
const app = await buildApp(config);
if (process.env.BENCH_BETS_OFF === '1') app.ctx.bets.enabled = false;
await app.listen({ port: config.PORT, host: config.HOST });

let closing = false;
const shutdown = async () => {
  if (closing) return;
  closing = true;
  // How the wallet's micro-batches went (wallet/batch-executor.ts): the benchmarks print it under their figures.
  const batches = walletBatchesLine(app.ctx);
  if (batches) process.stderr.write(`${batches}\n`);
  await app.close();
  process.exit(0);
};
process.on('SIGTERM', () => void shutdown());
process.on('SIGINT', () => void shutdown());
