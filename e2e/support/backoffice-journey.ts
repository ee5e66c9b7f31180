/**
 * What most back-office journeys start from: a fresh data directory with one operator made in it by the CLI, the
 * server started on that directory (so it knows the operator), and a browser. `stop()` closes and removes all three.
 * A journey that needs more in the directory before the server reads it (another operator, seeded rows) does it in
 * `beforeServer`.
 */
import { rmSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser.ts';
import { createOperator, type TCreatedOperator } from './operator.ts';
import { freshDataDir, startServer, type TServer } from './server.ts';

export interface TBackofficeJourneyOptions {
  /** The temporary data directory's name prefix (casino-…-e2e-). */
  dataDirPrefix: string;
  email: string;
  role: string;
  /** More of the server's environment (DATA_DIR is the journey's own). */
  env?: Record<string, string>;
  /** Runs on the data directory after the operator is made and before the server starts on it. */
  beforeServer?: (dataDir: string) => void | Promise<void>;
}

export interface TBackofficeJourney {
  operator: TCreatedOperator;
  server: TServer;
  browser: Browser;
  stop(): Promise<void>;
}

export const startBackofficeJourney = async ({
  dataDirPrefix,
  email,
  role,
  env = {},
  beforeServer,
}: TBackofficeJourneyOptions): Promise<TBackofficeJourney> => {
  const dataDir = freshDataDir(dataDirPrefix);
  let server: TServer | undefined;
  let browser: Browser | undefined;
  const stop = async () => {
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const operator = createOperator(dataDir, email, role);
    await beforeServer?.(dataDir);
    server = await startServer({ ...env, DATA_DIR: dataDir });
    browser = await launchBrowser();
    return { operator, server, browser, stop };
  } catch (error) {
    // A half-made set-up leaves nothing behind: the hooks never get a `stop` to call.
    await stop();
    throw error;
  }
};
