/** Starts the server: config from the environment, the app, graceful shutdown on SIGTERM and SIGINT. */
import { buildApp } from './app.ts';
import { loadConfig } from './platform/config.ts';
import { scrubError } from './platform/logger.ts';

const config = (() => {
  try {
    return loadConfig();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
})();

// A database error's message carries the values of its query (a seeded password hash, a sealed secret): masked.
const app = await buildApp(config).catch((error: unknown) => {
  console.error('The server could not start:', scrubError(error));
  process.exit(1);
});
await app.listen({ port: config.PORT, host: config.HOST });

let closing = false;
const shutdown = async (signal: string) => {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  const force = setTimeout(() => process.exit(1), 15_000);
  force.unref();
  await app.close();
  process.exit(0);
};
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
