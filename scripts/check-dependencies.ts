/**
 * The house's dependency rules (issue 37), part of `npm run check:house`:
 * (a) every dependency a workspace's package.json lists is used in that workspace: imported (`from`, `import()`,
 *     `require()`, `require.resolve()`, `vi.mock()`, a stylesheet's `@import`/`@plugin`), its command run by a
 *     package.json script, or, for `@types/x`, `x` imported or named in a tsconfig's `types`; the rest needs a
 *     line in CONFIG_ONLY with its reason. The root's devDependencies are the repository's tools: the whole
 *     repository counts for them.
 * (b) package-lock.json holds one copy, so one version, of `react-router` and of each `@react-router/*` package.
 *
 *   node scripts/check-dependencies.ts     prints what breaks a rule; exit 1 when something does
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Packages used only by a tool's configuration, by workspace folder ('.' is the root), each with its reason. */
const CONFIG_ONLY: Record<string, Record<string, string>> = {
  '.': {
    '@swc/core':
      "dependency-cruiser's parser (.dependency-cruiser.cjs: parser 'swc'; TypeScript 7 has no compiler API)",
  },
  'apps/web': {
    'happy-dom': "the DOM of the web test project (vitest.config.ts: environment 'happy-dom')",
  },
};

/** Packages that must be one copy in the lockfile (one React Router context, one set of types). */
const SINGLE_COPY = /^(react-router|@react-router\/[^/]+)$/;

const CODE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs|css)$/;
const SHELL = /(\.sh|^\.ci\/[^/.]+)$/;
const SPECIFIER =
  /(?:\bfrom|\bimport|\brequire|\bresolve|\bvi\.mock|@import|@plugin)\s*\(?\s*['"]([^'"\s]+)['"]/g;

interface TPackageJson {
  workspaces?: string[];
  scripts?: Record<string, string>;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

const readJson = <T>(path: string): T => JSON.parse(readFileSync(path, 'utf8')) as T;

/** `@scope/name/sub` → `@scope/name`, `name/sub` → `name`; relative, absolute and `node:` specifiers → undefined. */
const packageOf = (specifier: string): string | undefined => {
  if (/^[./#~]|^[a-z]+:/.test(specifier)) return undefined;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
};

/** The package an `@types/*` package describes: `@types/pg` → pg, `@types/scope__name` → `@scope/name`. */
const typedPackage = (types: string) => {
  const name = types.slice('@types/'.length);
  return name.includes('__') ? `@${name.replace('__', '/')}` : name;
};

/** The packages a source file names in its imports (and `@types/node` when it imports a `node:` module). */
const importsOf = (text: string): Set<string> => {
  const names = new Set<string>();
  for (const match of text.matchAll(SPECIFIER)) {
    const specifier = match[1] as string;
    if (specifier.startsWith('node:')) names.add('@types/node');
    const name = packageOf(specifier);
    if (name) names.add(name);
  }
  return names;
};

/** The commands a package installs (its `bin`), read from the installed copy. */
const binsOf = (root: string, name: string, folder: string): string[] => {
  for (const base of [join(root, folder), root]) {
    const file = join(base, 'node_modules', name, 'package.json');
    if (!existsSync(file)) continue;
    const { bin } = readJson<{ bin?: string | Record<string, string> }>(file);
    if (!bin) return [];
    return typeof bin === 'string' ? [name.replace(/^@[^/]+\//, '')] : Object.keys(bin);
  }
  return [];
};

const runs = (commands: string, bin: string) =>
  new RegExp(`(^|[\\s;&|(])(npx\\s+)?${bin.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\s|$)`, 'm').test(
    commands,
  );

/** Workspace folders: the root's `workspaces` patterns (`dir` or `dir/*`) expanded. */
const workspaceFolders = (root: string, files: readonly string[]): string[] => {
  const patterns = readJson<TPackageJson>(join(root, 'package.json')).workspaces ?? [];
  const folders = new Set<string>();
  for (const file of files) {
    if (!file.endsWith('/package.json')) continue;
    const folder = file.slice(0, -'/package.json'.length);
    for (const pattern of patterns)
      if (
        pattern.endsWith('/*')
          ? folder.split('/').length === 2 && folder.startsWith(pattern.slice(0, -1))
          : folder === pattern
      )
        folders.add(folder);
  }
  return [...folders].sort();
};

export interface TUnused {
  workspace: string;
  name: string;
}

/** (a): the dependencies no file, script or tsconfig of their workspace uses, and allow-list lines gone stale. */
export const unusedDependencies = (
  root = ROOT,
  configOnly = CONFIG_ONLY,
): { unused: TUnused[]; stale: TUnused[] } => {
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((file) => file && existsSync(join(root, file)));
  const workspaces = ['.', ...workspaceFolders(root, files)];
  const unused: TUnused[] = [];
  const stale: TUnused[] = [];
  for (const workspace of workspaces) {
    const inside = (file: string) => workspace === '.' || file.startsWith(`${workspace}/`);
    const mine = files.filter((file) => inside(file) && !/(^|\/)(node_modules|build)\//.test(file));
    const imported = new Set<string>();
    const types = new Set<string>();
    let commands = '';
    for (const file of mine) {
      const text = () => readFileSync(join(root, file), 'utf8');
      if (CODE.test(file)) for (const name of importsOf(text())) imported.add(name);
      else if (/(^|\/)tsconfig[^/]*\.json$/.test(file))
        for (const list of text().matchAll(/"types"\s*:\s*\[([^\]]*)\]/g))
          for (const name of (list[1] as string).matchAll(/"([^"]+)"/g)) types.add(name[1] as string);
      else if (file.endsWith('package.json'))
        commands += `${Object.values(readJson<TPackageJson>(join(root, file)).scripts ?? {}).join('\n')}\n`;
      else if (workspace === '.' && SHELL.test(file)) commands += `${text()}\n`;
    }
    const manifest = readJson<TPackageJson>(join(root, workspace, 'package.json'));
    const allowed = configOnly[workspace] ?? {};
    const listed = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies });
    for (const name of listed) {
      const used =
        imported.has(name) ||
        types.has(name) ||
        (name.startsWith('@types/') && (imported.has(typedPackage(name)) || types.has(typedPackage(name)))) ||
        binsOf(root, name, workspace).some((bin) => runs(commands, bin));
      if (!used && !(name in allowed)) unused.push({ workspace, name });
    }
    for (const name of Object.keys(allowed)) if (!listed.includes(name)) stale.push({ workspace, name });
  }
  return { unused, stale };
};

/** (b): each single-copy package with more than one entry in the lockfile, with where and which version. */
export const duplicatedInLock = (lockText: string): Map<string, string[]> => {
  const { packages } = JSON.parse(lockText) as { packages: Record<string, { version?: string }> };
  const copies = new Map<string, string[]>();
  for (const [path, entry] of Object.entries(packages)) {
    const at = path.lastIndexOf('node_modules/');
    if (at === -1) continue;
    const name = path.slice(at + 'node_modules/'.length);
    if (!SINGLE_COPY.test(name)) continue;
    copies.set(name, [...(copies.get(name) ?? []), `${entry.version} at ${path}`]);
  }
  return new Map([...copies].filter(([, where]) => where.length > 1));
};

if (import.meta.main) {
  const { unused, stale } = unusedDependencies();
  for (const { workspace, name } of unused)
    console.log(
      `${workspace}/package.json: ${name} is not used in ${workspace === '.' ? 'the repository' : workspace} (remove it, or add it to CONFIG_ONLY in scripts/check-dependencies.ts with the reason)`,
    );
  for (const { workspace, name } of stale)
    console.log(
      `scripts/check-dependencies.ts: CONFIG_ONLY names ${name}, which ${workspace}/package.json does not list`,
    );
  const duplicated = duplicatedInLock(readFileSync(join(ROOT, 'package-lock.json'), 'utf8'));
  for (const [name, where] of duplicated)
    console.log(
      `package-lock.json: ${where.length} copies of ${name}: ${where.join(', ')} (align every workspace on one version)`,
    );
  const problems = unused.length + stale.length + duplicated.size;
  console.log(
    `dependencies: ${problems === 0 ? 'every one used, react-router one copy' : `${problems} problem(s)`}`,
  );
  process.exit(problems > 0 ? 1 : 0);
}
