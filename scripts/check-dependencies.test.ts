import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { duplicatedInLock, unusedDependencies } from './check-dependencies.ts';

const roots: string[] = [];
const json = (value: unknown) => JSON.stringify(value, null, 2);

/** A repository in a temp folder (git, as the check lists files with git): a root and one workspace, apps/site. */
const plant = (files: Record<string, string>) => {
  const root = mkdtempSync(join(tmpdir(), 'check-dependencies-'));
  roots.push(root);
  const all: Record<string, string> = {
    'package.json': json({
      workspaces: ['apps/*'],
      scripts: { lint: 'linter check .' },
      devDependencies: { 'lint-tool': '1', '@types/node': '1' },
    }),
    'node_modules/lint-tool/package.json': json({ name: 'lint-tool', bin: { linter: 'bin.js' } }),
    'scripts/tool.ts': "import { readFileSync } from 'node:fs';\n",
    'apps/site/src/page.tsx': "import { render } from 'ui-kit/server';\nimport { x } from '../lib/x';\n",
    'apps/site/src/styles.css': '@import "css-kit";\n',
    ...files,
  };
  for (const [path, text] of Object.entries(all)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  execFileSync('git', ['init', '-q'], { cwd: root });
  writeFileSync(join(root, '.gitignore'), 'node_modules\n');
  return root;
};
const site = (dependencies: Record<string, string>) => ({
  'apps/site/package.json': json({ name: 'site', dependencies }),
});

afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe('unused dependencies', () => {
  it('are none when each is imported, run by a script, typed for an import or named by a stylesheet', () => {
    const root = plant(site({ 'ui-kit': '1', '@types/ui-kit': '1', 'css-kit': '1' }));
    expect(unusedDependencies(root, {})).toEqual({ unused: [], stale: [] });
  });

  it('are named with their workspace; only the allow-list lets a config-only package stay', () => {
    const root = plant(site({ 'ui-kit': '1', 'old-i18n': '1', 'test-dom': '1', '@types/gone': '1' }));
    expect(unusedDependencies(root, {}).unused).toEqual([
      { workspace: 'apps/site', name: 'old-i18n' },
      { workspace: 'apps/site', name: 'test-dom' },
      { workspace: 'apps/site', name: '@types/gone' },
    ]);
    const allowed = unusedDependencies(root, { 'apps/site': { 'test-dom': 'the test environment' } });
    expect(allowed.unused.map((u) => u.name)).toEqual(['old-i18n', '@types/gone']);
  });

  it("count a workspace's own files only, and report an allow-list line whose package is gone", () => {
    const root = plant({
      ...site({ 'ui-kit': '1', 'css-kit': '1', 'server-lib': '1' }),
      'apps/other/package.json': json({ name: 'other' }),
      'apps/other/src/server.ts': "import 'server-lib';\n",
    });
    expect(unusedDependencies(root, { 'apps/site': { 'happy-dom': 'gone' } })).toEqual({
      unused: [{ workspace: 'apps/site', name: 'server-lib' }],
      stale: [{ workspace: 'apps/site', name: 'happy-dom' }],
    });
  });
});

describe('react-router in the lockfile', () => {
  const lock = (packages: Record<string, { version: string }>) => json({ packages: { '': {}, ...packages } });

  it('is fine as one copy of each package', () => {
    const one = lock({
      'node_modules/react-router': { version: '8.4.0' },
      'node_modules/@react-router/node': { version: '8.4.0' },
      'node_modules/react-router-extra': { version: '1.0.0' },
      'apps/web/node_modules/react-router-extra': { version: '2.0.0' },
    });
    expect(duplicatedInLock(one).size).toBe(0);
  });

  it('fails on a second copy, under a workspace or another package', () => {
    const two = lock({
      'node_modules/react-router': { version: '8.4.0' },
      'apps/web/node_modules/react-router': { version: '8.5.1' },
      'node_modules/@react-router/node': { version: '8.5.1' },
      'node_modules/@react-router/dev/node_modules/@react-router/node': { version: '8.4.0' },
    });
    expect(Object.fromEntries(duplicatedInLock(two))).toEqual({
      'react-router': ['8.4.0 at node_modules/react-router', '8.5.1 at apps/web/node_modules/react-router'],
      '@react-router/node': [
        '8.5.1 at node_modules/@react-router/node',
        '8.4.0 at node_modules/@react-router/dev/node_modules/@react-router/node',
      ],
    });
  });
});
