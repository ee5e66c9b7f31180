/**
 * The house's module order (issue 37): a module imports only the modules registered before it in `modules`
 * (index.ts), or the base modules below them all. Every import counts, type-only ones and lazy import() too; a
 * module's tests and test helpers may reach further (they set up other modules' data).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BASE_MODULES, modules } from './index.ts';

const ROOT = dirname(new URL(import.meta.url).pathname);
const IMPORT = /(?:from\s+|import\s*\(\s*|^import\s+)'(\.[^']+)'/gm;

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    const isTest = name.endsWith('.test.ts') || path.includes('test-helpers');
    return name.endsWith('.ts') && !isTest ? [path] : [];
  });

/** Each module's folder → the other modules its code imports. */
export const moduleImports = (root = ROOT) => {
  const graph = new Map<string, Set<string>>();
  for (const folder of readdirSync(root)) {
    if (!statSync(join(root, folder)).isDirectory()) continue;
    const used = new Set<string>();
    for (const file of sourceFiles(join(root, folder)))
      for (const [, spec] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
        const target = relative(root, resolve(dirname(file), spec ?? '')).split('/');
        if (target.length > 1 && target[0] !== folder && target[0] !== '..') used.add(target[0] ?? '');
      }
    graph.set(folder, used);
  }
  return graph;
};

/** The imports that run back up the order: `a → b` where b is not below a. */
export const orderViolations = (order: string[], graph: Map<string, Set<string>>) =>
  [...graph].flatMap(([from, used]) =>
    [...used]
      .filter((to) => order.indexOf(to) === -1 || order.indexOf(to) >= order.indexOf(from))
      .map((to) => `${from} → ${to}`),
  );

describe('the module order', () => {
  const order = [...BASE_MODULES, ...modules.map((m) => m.name)];

  it('names every module folder once', () => {
    const folders = [...moduleImports().keys()].sort();
    expect([...order].sort()).toEqual(folders);
  });

  it('has each module import only the modules before it', () => {
    expect(orderViolations(order, moduleImports())).toEqual([]);
  });

  it('sees an import that runs back up', () => {
    const graph = new Map([
      ['low', new Set<string>()],
      ['high', new Set(['low'])],
    ]);
    expect(orderViolations(['low', 'high'], graph)).toEqual([]);
    expect(orderViolations(['high', 'low'], graph)).toEqual(['high → low']);
  });
});
