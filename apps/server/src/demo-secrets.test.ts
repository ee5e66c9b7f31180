/**
 * The demo's secrets (scripts/demo.sh runs demo-secrets.ts before it starts): made into DATA_DIR on the first start,
 * never the development values published here, read back later, and enough for a production start with DEMO_MODE=1.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from './platform/config.ts';
import { requiredSecrets, SECRETS } from './platform/secrets.ts';

const script = new URL('./demo-secrets.ts', import.meta.url).pathname;
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** Runs the script as demo.sh does, with no secret in the environment but `extra`; answers what it exports. */
const run = (dataDir: string, extra: Record<string, string> = {}) => {
  const env: Record<string, string> = { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, ...extra };
  const out = execFileSync(process.execPath, [script], { env, encoding: 'utf8' });
  return Object.fromEntries(
    out
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const match = /^export ([A-Z_][A-Z0-9_]*)='(.*)'$/.exec(line);
        if (!match) throw new Error(`not an export line: ${line}`);
        return [match[1] ?? '', match[2] ?? ''];
      }),
  );
};

const newDataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'demo-secrets-'));
  dirs.push(dir);
  return dir;
};

describe('the demo secrets', () => {
  it('are made on the first start, none a published value, and let a demo start in production', () => {
    const dataDir = newDataDir();
    const made = run(dataDir);
    const needed = requiredSecrets(true).map((s) => s.name);
    expect(Object.keys(made).sort()).toEqual([...needed].sort());
    for (const secret of SECRETS) expect(made[secret.name], secret.name).not.toBe(secret.devValue);
    const file = join(dataDir, 'demo-secrets.env');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const config = loadConfig({
      NODE_ENV: 'production',
      DEMO_MODE: '1',
      PUBLIC_URL: 'http://localhost:3000',
      DATA_DIR: dataDir,
      ...made,
    });
    expect(config.SESSION_SECRET).toBe(made.SESSION_SECRET);
    // Another demo gets secrets of its own.
    expect(run(newDataDir()).SESSION_SECRET).not.toBe(made.SESSION_SECRET);
  });

  it('are read back on later starts; one the environment sets is left to it', () => {
    const dataDir = newDataDir();
    const first = run(dataDir);
    expect(run(dataDir)).toEqual(first);
    const { SESSION_SECRET: _set, ...rest } = first;
    expect(run(dataDir, { SESSION_SECRET: 'x'.repeat(64) })).toEqual(rest);
  });

  it('make again a saved value that was emptied or set to a published one', () => {
    const dataDir = newDataDir();
    const first = run(dataDir);
    const file = join(dataDir, 'demo-secrets.env');
    const published = SECRETS.find((s) => s.name === 'SPORTSBOOK_FEED_SECRET')?.devValue ?? '';
    writeFileSync(
      file,
      readFileSync(file, 'utf8')
        .replace(/^SPORTSBOOK_FEED_SECRET=.*$/m, `SPORTSBOOK_FEED_SECRET=${published}`)
        .replace(/^CONTENT_JWT_SECRET=.*$/m, 'CONTENT_JWT_SECRET='),
    );
    const again = run(dataDir);
    expect(again.SPORTSBOOK_FEED_SECRET).not.toBe(published);
    expect(again.CONTENT_JWT_SECRET).not.toBe('');
    expect(again.SESSION_SECRET).toBe(first.SESSION_SECRET);
    expect(run(dataDir)).toEqual(again);
  });
});
