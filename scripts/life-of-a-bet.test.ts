/**
 * docs/life-of-a-bet.md walks a newcomer through the files of one bet: every path it names in backticks must exist,
 * so the page cannot drift from the code silently.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const PAGE = 'docs/life-of-a-bet.md';

/** Every backticked token that names a file: a path with a folder and an extension. */
const namedPaths = (markdown: string) =>
  [...markdown.matchAll(/`([^`\s]+)`/g)]
    .map((m) => m[1] as string)
    .filter((token) => /^[\w.-]+(\/[\w.-]+)+\.[a-z]+$/.test(token));

describe('docs/life-of-a-bet.md', () => {
  const paths = namedPaths(readFileSync(`${ROOT}${PAGE}`, 'utf8'));

  it('names the files of the path (TypeScript, SQL functions and decisions)', () => {
    expect(paths.some((p) => p.endsWith('.ts'))).toBe(true);
    expect(paths.some((p) => p.startsWith('apps/server/sql/functions/'))).toBe(true);
    expect(namedPaths('see `a/b.ts`, not `c.ts` or `d/e`')).toEqual(['a/b.ts']);
  });

  it('names only files that exist', () => {
    expect(paths.filter((p) => !existsSync(`${ROOT}${p}`))).toEqual([]);
  });
});
