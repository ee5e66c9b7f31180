/**
 * `npm test` runs on a fresh machine after `npm run setup` with nothing else installed (issue 35): no code the tests
 * run starts a system program, but git (a clone has it), node itself (process.execPath) and the packages' own
 * binaries (node_modules/.bin). The oathtool and openssl binaries both failed tests on such a machine.
 */
import { globSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** What `npm test` runs: the projects of vitest.config.ts, with the helpers and code they import. */
const SOURCES = [
  'apps/server/src/**/*.{ts,tsx}',
  'apps/web/app/**/*.{ts,tsx}',
  'packages/*/src/**/*.{ts,tsx}',
  'scripts/**/*.ts',
  'e2e/support/**/*.ts',
];
const ALLOWED = new Set(['git']);

/** A child_process call whose program is written as a literal (its first word for a shell command). */
const CALL = /\b(?:execFileSync|execFile|execSync|exec|spawnSync|spawn)\(\s*(['"`])([^'"`\s]+)/g;

/** The programs `text` starts that a fresh machine may not have. */
const systemPrograms = (text: string) => {
  if (!/node:child_process|['"]child_process['"]/.test(text)) return [];
  return [...text.matchAll(CALL)].map((match) => match[2] ?? '').filter((program) => !ALLOWED.has(program));
};

describe('system programs', () => {
  it('finds a literal program in a child_process call, git and computed paths aside', () => {
    const header = "import { execFileSync, spawn } from 'node:child_process';\n";
    expect(systemPrograms(`${header}execFileSync('openssl', ['dgst', '-sha256'])`)).toEqual(['openssl']);
    expect(systemPrograms(`${header}spawnSync(\n  "/usr/bin/some-tool", ['--flag'])`)).toEqual([
      '/usr/bin/some-tool',
    ]);
    expect(systemPrograms(`${header}execSync(\`sha256sum \${file}\`)`)).toEqual(['sha256sum']);
    expect(systemPrograms(`${header}execFileSync('git', ['ls-files'])`)).toEqual([]);
    expect(systemPrograms(`${header}spawn(process.execPath, ['main.ts'])`)).toEqual([]);
    expect(systemPrograms("exec('no child_process import here')")).toEqual([]);
  });

  it('are started by no code that `npm test` runs, but git, node and node_modules/.bin', () => {
    const files = SOURCES.flatMap((pattern) => globSync(pattern)).filter(
      // This file's own examples aside.
      (file) => !file.includes('node_modules/') && !file.endsWith('scripts/system-binaries.test.ts'),
    );
    expect(files.length).toBeGreaterThan(500);
    const found = files.flatMap((file) =>
      systemPrograms(readFileSync(file, 'utf8')).map((program) => `${file}: ${program}`),
    );
    expect(found).toEqual([]);
  });
});
