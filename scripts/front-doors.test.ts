/**
 * The front-door rule of .dependency-cruiser.cjs (issue 37), tried on a planted tree: a module that imports another
 * module's inner file fails check:house; through the module's index.ts, or from a test, it passes.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const repo = join(dirname(new URL(import.meta.url).pathname), '..');
const tree = mkdtempSync(join(tmpdir(), 'front-doors-'));
afterAll(() => rmSync(tree, { recursive: true, force: true }));

const plant = (files: Record<string, string>) => {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(tree, path)), { recursive: true });
    writeFileSync(join(tree, path), text);
  }
};

const cruise = (file: string) => {
  try {
    execFileSync(
      join(repo, 'node_modules/.bin/depcruise'),
      [file, '--config', join(repo, '.dependency-cruiser.cjs'), '--output-type', 'err'],
      { cwd: tree, encoding: 'utf8', stdio: 'pipe' },
    );
    return '';
  } catch (error) {
    return String((error as { stdout?: string }).stdout ?? error);
  }
};

plant({
  'tsconfig.json': '{ "compilerOptions": { "allowImportingTsExtensions": true } }',
  'apps/server/src/modules/low/inner.ts': 'export const inner = 1;\n',
  'apps/server/src/modules/low/index.ts': "export { inner } from './inner.ts';\n",
  'apps/server/src/modules/high/deep.ts':
    "import { inner } from '../low/inner.ts';\nexport const deep = inner;\n",
  'apps/server/src/modules/high/door.ts':
    "import { inner } from '../low/index.ts';\nexport const door = inner;\n",
  'apps/server/src/modules/high/deep.test.ts':
    "import { inner } from '../low/inner.ts';\nexport const t = inner;\n",
  'apps/server/src/modules/root.ts': "import { inner } from './low/inner.ts';\nexport const root = inner;\n",
});

describe('the front-door rule', () => {
  it('fails a deep import between modules', () => {
    expect(cruise('apps/server/src/modules/high/deep.ts')).toContain('error module-front-door');
  });

  it("passes an import through the module's index.ts, and a test's deep import", () => {
    expect(cruise('apps/server/src/modules/high/door.ts')).toBe('');
    expect(cruise('apps/server/src/modules/high/deep.test.ts')).toBe('');
  });

  it('fails the composition root reaching past a front door', () => {
    expect(cruise('apps/server/src/modules/root.ts')).toContain('error composition-root-front-door');
  });
});
