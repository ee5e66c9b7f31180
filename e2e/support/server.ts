/**
 * `startServer()`: the real server as the demo runs it (`npm run demo`: NODE_ENV=production, DEMO_MODE=1, the built
 * site, secrets of its own) on a free port with a fresh embedded database in a temporary folder. Requires
 * `npm run build` first.
 *
 * The fresh database is a copy of one migrated and seeded once per run (global-setup.ts), so each journey's
 * server and the operator CLI skip initdb and the migrations; the server still runs its seeds on start.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { requiredSecrets } from '../../apps/server/src/platform/secrets.ts';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The demo operator of the journeys' servers: a sign-in of their own, as every demo makes its own. */
export const E2E_DEMO_OPERATOR = {
  email: 'admin@casino.local',
  password: 'e2e-demo-operator-password',
  totpSecret: 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ',
};

/**
 * Every secret a production start needs, the journeys' own (the published development values are refused). Fixed
 * for the run: each server copies the template's database (global-setup.ts), whose sealed TOTP secrets need the
 * same key, as must the operator CLI's runs (`admin:create`) on a journey's data directory.
 */
export const E2E_SECRETS: Record<string, string> = {
  ...Object.fromEntries(
    requiredSecrets(true).map((s) => [s.name, `e2e-${s.name.toLowerCase()}-0123456789abcdef`]),
  ),
  TOTP_ENCRYPTION_KEY: `e2e:${Buffer.alloc(32, 'e2e-journeys-totp-key').toString('base64')}`,
  DEMO_OPERATOR_PASSWORD: E2E_DEMO_OPERATOR.password,
  DEMO_OPERATOR_TOTP_SECRET: E2E_DEMO_OPERATOR.totpSecret,
};

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });

declare module 'vitest' {
  export interface ProvidedContext {
    /** A data directory migrated and seeded once per run, copied for each server; '' when there is none. */
    e2eTemplateDir: string;
  }
}

/** The run's seeded data directory, or none outside the journeys' runs (the Lighthouse bench starts servers too). */
const runTemplateDir = () => {
  try {
    return inject('e2eTemplateDir');
  } catch {
    return '';
  }
};

/** A new temporary data directory, holding a copy of the run's migrated and seeded database when there is one. */
export const freshDataDir = (prefix = 'casino-e2e-') => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const template = runTemplateDir();
  if (template) cpSync(template, dir, { recursive: true });
  return dir;
};

export interface TServer {
  url: string;
  stop(): Promise<void>;
  logs(): string;
}

export const assertBuilt = () => {
  if (!existsSync(join(ROOT, 'apps/web/build/server/index.js')))
    throw new Error('The site is not built: run `npm run build` before the browser journeys');
};

export const startServer = async (env: Record<string, string> = {}): Promise<TServer> => {
  assertBuilt();
  const ownDataDir = env.DATA_DIR ? '' : freshDataDir();
  return spawnServer({ ...env, DATA_DIR: env.DATA_DIR ?? ownDataDir }, ownDataDir);
};

/** In an env value, the server's own address (a server that is its own provider's stand-in: UOF_API_URL). */
export const SERVER_URL = '{SERVER_URL}';

/** Runs the server on `env.DATA_DIR`; `stop()` removes `removeDir` (the directory startServer made) if set. */
export const spawnServer = async (given: Record<string, string>, removeDir = ''): Promise<TServer> => {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = Object.fromEntries(Object.entries(given).map(([k, v]) => [k, v.replaceAll(SERVER_URL, url)]));
  let output = '';
  // A fresh embedded database: never the developer's PostgreSQL or Redis.
  const { DATABASE_URL: _db, REDIS_URL: _redis, ...inherited } = process.env;
  const child: ChildProcess = spawn(process.execPath, ['apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...inherited,
      NODE_ENV: 'production',
      DEMO_MODE: '1',
      ...E2E_SECRETS,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [child.stdout, child.stderr]) stream?.on('data', (chunk) => (output += String(chunk)));
  // A loaded machine (shared CI, several suites at once) may need longer: E2E_SERVER_START_MS.
  const deadline = Date.now() + (Number(process.env.E2E_SERVER_START_MS) || 90_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output}`);
    const ready = await fetch(`${url}/healthz`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ready) break;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  if (Date.now() >= deadline) {
    child.kill('SIGKILL');
    throw new Error(`server did not start:\n${output}`);
  }
  return {
    url,
    logs: () => output,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      if (removeDir) rmSync(removeDir, { recursive: true, force: true });
    },
  };
};
