/**
 * docs/architecture.md is a newcomer's map of the house, so it must not drift from the code silently: every
 * repository path it names in backticks (a file or a folder) and every page it links exists, every decision of
 * docs/decisions/ is in its index, and its module list is the registration order of apps/server/src/modules/index.ts
 * (BASE_MODULES, then `modules`), read from that file's text: the app is not imported.
 * The paths are found as in scripts/life-of-a-bet.test.ts, folders included.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const PAGE = 'docs/architecture.md';
const MODULES = 'apps/server/src/modules';

/** Every backticked token shaped like a path inside the repository: `a/b.ts`, `a/b`, `a/b/`, `.ci/run`. */
const namedPaths = (markdown: string) =>
  [...markdown.matchAll(/`([^`\s]+)`/g)]
    .map((m) => m[1] as string)
    .filter((token) => /^[\w.-]+(\/[\w.-]+)+\/?$/.test(token) && !token.split('/').includes('..'));

/** The targets of the page's relative links, from the repository's root. */
const linkedPaths = (markdown: string, page: string) =>
  [...markdown.matchAll(/\]\(([^)\s#]+)(#[^)]*)?\)/g)]
    .map((m) => m[1] as string)
    .filter((target) => !/^[a-z]+:/.test(target))
    .map((target) => normalize(join(dirname(page), target)));

/** The module names of the page's section "In registration order": its list items' first backticked word. */
const listedModules = (markdown: string) => {
  const section = /^###? In registration order\n([\s\S]*?)(?=^#)/m.exec(markdown)?.[1] ?? '';
  return [...section.matchAll(/^\d+\.\s+`([\w-]+)`/gm)].map((m) => m[1] as string);
};

/** The entries of an array literal's text at its top level (commas inside calls and objects do not split). */
const topLevelEntries = (list: string) => {
  const entries: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of list) {
    if ('([{'.includes(char)) depth += 1;
    if (')]}'.includes(char)) depth -= 1;
    if (char === ',' && depth === 0) {
      entries.push(current);
      current = '';
    } else current += char;
  }
  return [...entries, current].map((entry) => entry.trim()).filter(Boolean);
};

/**
 * The registration order written in modules/index.ts: BASE_MODULES' names, then each entry of `modules` named by the
 * folder whose front door (`./<folder>/index.ts`) its leading identifier is imported from.
 */
const registrationOrder = (source: string) => {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/[^\n]*/g, '');
  const folderOf = new Map<string, string>();
  for (const [, names = '', folder = ''] of code.matchAll(
    /import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'\.\/([\w-]+)\/index\.ts'/g,
  )) {
    for (const name of names.split(',')) folderOf.set(name.replace(/^\s*type\s+/, '').trim(), folder);
  }
  const base = /BASE_MODULES\s*=\s*\[([^\]]*)\]/.exec(code)?.[1] ?? '';
  const list = /export\s+const\s+modules\b[^=]*=\s*\[([\s\S]*?)\];/.exec(code)?.[1] ?? '';
  return [
    ...[...base.matchAll(/'([\w-]+)'/g)].map((m) => m[1] as string),
    ...topLevelEntries(list).map((entry) => {
      const id = /^\w+/.exec(entry)?.[0] ?? entry;
      return folderOf.get(id) ?? `${id} (not imported from a module's index.ts)`;
    }),
  ];
};

describe('docs/architecture.md', () => {
  const page = readFileSync(join(ROOT, PAGE), 'utf8');

  it('names only repository paths that exist', () => {
    const paths = namedPaths(page);
    expect(paths).toContain('apps/server/src/modules/admin-areas.ts');
    expect(paths).toContain('apps/server/sql/functions/');
    expect(paths.filter((p) => !existsSync(join(ROOT, p)))).toEqual([]);
    expect(namedPaths('`a/b.ts`, `a/b/`, `.ci/run`, not `c.ts`, `/api/x`, `../x/y`, `<m>/n.sql`')).toEqual([
      'a/b.ts',
      'a/b/',
      '.ci/run',
    ]);
  });

  it('links only pages that exist, and every decision', () => {
    const links = linkedPaths(page, PAGE);
    expect(links.filter((p) => !existsSync(join(ROOT, p)))).toEqual([]);
    const decisions = readdirSync(join(ROOT, 'docs/decisions')).filter((name) => name.endsWith('.md'));
    expect(decisions.length).toBeGreaterThan(50);
    expect(decisions.filter((name) => !links.includes(`docs/decisions/${name}`))).toEqual([]);
  });

  it('lists the modules in their registration order', () => {
    const order = registrationOrder(readFileSync(join(ROOT, MODULES, 'index.ts'), 'utf8'));
    const folders = readdirSync(join(ROOT, MODULES)).filter((name) =>
      statSync(join(ROOT, MODULES, name)).isDirectory(),
    );
    expect([...order].sort()).toEqual(folders.sort());
    expect(listedModules(page)).toEqual(order);
  });

  it('reads an order from a planted index.ts and a planted page', () => {
    const source = [
      "import { bModule } from './b/index.ts';",
      "import { createA, type TA } from './a/index.ts';",
      "import { EXTRA } from './extra.ts';",
      "export const BASE_MODULES = ['base'] as const;",
      'export const modules: TModule[] = [',
      '  createA(EXTRA, { x: 1, y: [2, 3] }),',
      '  // a comment, bModule',
      '  bModule,',
      '];',
    ].join('\n');
    expect(registrationOrder(source)).toEqual(['base', 'a', 'b']);
    const markdown =
      '## M\n### In registration order\n\n1. `base` — x.\n2. `b` — y (`t`).\n\n## Next\n3. `a`\n';
    expect(listedModules(markdown)).toEqual(['base', 'b']);
  });
});
