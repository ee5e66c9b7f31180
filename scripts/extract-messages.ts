/**
 * Finds every message the site asks for and checks it against the English catalogue.
 *
 *   node scripts/extract-messages.ts            report; exit 1 when a key the site uses is missing from en
 *   node scripts/extract-messages.ts --write    also add the missing keys to content/locales/en with their defaults
 *   node scripts/extract-messages.ts --write --only=features/profile   the same for the keys used under one path
 *   node scripts/extract-messages.ts --verbose  also keys with no defaultValue, dynamic keys, conflicting defaults
 *   node scripts/extract-messages.ts --json     the full result as JSON (usages, missing, dynamic, no default)
 *
 * It parses `apps/web/app/**\/*.{ts,tsx}` and `apps/server/src/**\/*.ts` (tests left out) with Vite's own parser (rolldown/oxc) and collects:
 * - calls of `t(...)` and `x.t(...)`: a literal key with the `defaultValue` of the options, when it is literal;
 * - key tables `['ns.key', 'Default text', …]` (the field-message helpers of auth, profile and cashier);
 * - `fooKey: 'ns.key'` properties, with the sibling `foo` as the default (page shells, profile tabs, system pages),
 *   and `key: 'ns.key'` of a known namespace with its `label`/`title`/`text` (navigation items, cashier tabs);
 * - on the server, `t(locale, 'mail.key', vars)` of modules/i18n/translate.ts (no default: en is the English).
 * A key built at run time (`t(\`cashier.method.${m}\`)`, `t(code)`) cannot be checked: it is listed as dynamic.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverUsagesOf, type TUsage, usagesOf } from './message-usages.ts';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * Clashes known to be unreachable: page-shell/shells.ts still names these as titles of the cashier ids, which
 * routes.ts no longer sends to the shell since the cashier pages landed. Reported, not failed; drop a key here
 * once shells.ts drops it.
 */
export const UNREACHABLE_CLASHES = [
  'cashier.deposit',
  'cashier.history',
  'cashier.receipt',
  'cashier.wallet',
  'cashier.withdraw',
];

export interface TExtractResult {
  usages: TUsage[];
  /** Literal keys the site uses that en does not have, with the first default seen (if any). */
  missing: { key: string; defaultValue?: string; where: string[] }[];
  /** Keys used with no defaultValue at all (show the raw key when the catalogue lacks them). */
  noDefault: { key: string; where: string[]; inEnglish: boolean }[];
  dynamic: { pattern: string; where: string }[];
  /** One key, several different defaults in the code. */
  conflicting: { key: string; defaults: string[] }[];
  /** A key whose path runs through a string of en (or the other way round): cannot be added. */
  clashes: string[];
  /**
   * The code's default and en name different placeholders (`{amount}` in the code, none in en): en and every
   * translation drop or misname a value the page passes.
   */
  placeholderMismatch: { key: string; english: string; code: string; where: string }[];
}

const sourceFiles = (dir: string): string[] => {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name === 'test' || entry.name === 'node_modules') continue;
      out.push(...sourceFiles(path));
    } else if (/\.(ts|tsx)$/.test(entry.name) && !/\.(test|spec)\.tsx?$/.test(entry.name)) out.push(path);
  }
  return out.sort();
};

type TTree = { [key: string]: string | TTree };

/** `{name}` and `$$name$$` of a message, as catalogue.ts reads them (`{{name}}` holds `{name}`). */
const placeholdersOf = (text: string) =>
  [...new Set([...text.matchAll(/\{(\w+)\}|\$\$(\w+)\$\$/g)].map((m) => m[0]))].sort().join(' ');

/** The en catalogue: namespace files merged under their names. */
export const readEnglish = (root = ROOT): TTree => {
  const dir = join(root, 'content', 'locales', 'en');
  const tree: TTree = {};
  for (const file of readdirSync(dir).sort())
    if (file.endsWith('.json'))
      tree[file.slice(0, -5)] = JSON.parse(readFileSync(join(dir, file), 'utf8')) as TTree;
  return tree;
};

const lookup = (tree: TTree, key: string): string | TTree | undefined => {
  let node: string | TTree | undefined = tree;
  for (const part of key.split('.')) {
    if (typeof node !== 'object') return undefined;
    node = node[part];
  }
  return node;
};

/** A key that cannot be a string in en because a string sits on its path, or a branch sits at it. */
const clashes = (tree: TTree, key: string): boolean => {
  let node: string | TTree | undefined = tree;
  const parts = key.split('.');
  for (const [i, part] of parts.entries()) {
    if (node === undefined) return false;
    if (typeof node === 'string') return i > 0;
    node = node[part];
  }
  return typeof node === 'object';
};

export const extractMessages = (root = ROOT): TExtractResult => {
  const appDir = join(root, 'apps', 'web', 'app');
  const en = readEnglish(root);
  const files = sourceFiles(appDir);
  const sources = files.map((path) => ({ path, file: relative(root, path).split(sep).join('/') }));
  // Namespaces: those of en, and any namespace a literal t() key names (a new feature's own file).
  const namespaces = new Set(Object.keys(en));
  const usages: TUsage[] = [];
  for (const { path, file } of sources) {
    const found = usagesOf(readFileSync(path, 'utf8'), file, namespaces);
    for (const u of found) if (u.kind === 'call' && u.key) namespaces.add(u.key.split('.')[0] as string);
    usages.push(...found);
  }
  const serverDir = join(root, 'apps', 'server', 'src');
  if (existsSync(serverDir))
    for (const path of sourceFiles(serverDir).filter((f) => f.endsWith('.ts')))
      usages.push(...serverUsagesOf(readFileSync(path, 'utf8'), relative(root, path).split(sep).join('/')));
  // A second look for tables of namespaces only t() calls introduced.
  const known = new Set(usages.map((u) => `${u.file}:${u.line}:${u.key}`));
  for (const { path, file } of sources)
    for (const u of usagesOf(readFileSync(path, 'utf8'), file, namespaces))
      if (u.kind === 'table' && !known.has(`${u.file}:${u.line}:${u.key}`)) usages.push(u);

  const byKey = new Map<string, TUsage[]>();
  for (const u of usages) if (u.key) byKey.set(u.key, [...(byKey.get(u.key) ?? []), u]);
  const where = (list: TUsage[]) => list.map((u) => `${u.file}:${u.line}`);

  const result: TExtractResult = {
    usages,
    missing: [],
    noDefault: [],
    dynamic: [],
    conflicting: [],
    clashes: [],
    placeholderMismatch: [],
  };
  const used = [...byKey.keys()];
  for (const [key, list] of [...byKey].sort(([a], [b]) => a.localeCompare(b))) {
    // The site itself uses `a.b` as a message and `a.b.c` as another: one of them can never resolve.
    const branchToo = used.some((k) => k.startsWith(`${key}.`));
    const defaults = [
      ...new Set(list.flatMap((u) => (u.defaultValue === undefined ? [] : [u.defaultValue]))),
    ];
    const value = lookup(en, key);
    const inEnglish = typeof value === 'string';
    if (!inEnglish) {
      if (branchToo || clashes(en, key)) result.clashes.push(key);
      else
        result.missing.push({
          key,
          defaultValue: defaults.find((d) => d !== '') ?? defaults[0],
          where: where(list),
        });
    }
    for (const u of list)
      if (inEnglish && u.defaultValue && placeholdersOf(u.defaultValue) !== placeholdersOf(value as string)) {
        const english = value as string;
        result.placeholderMismatch.push({ key, english, code: u.defaultValue, where: `${u.file}:${u.line}` });
        break;
      }
    const bare = list.filter((u) => u.kind === 'call' && u.defaultValue === undefined && !u.dynamicDefault);
    if (bare.length > 0) result.noDefault.push({ key, where: where(bare), inEnglish });
    if (defaults.length > 1) result.conflicting.push({ key, defaults });
  }
  for (const u of usages)
    if (u.pattern !== undefined) result.dynamic.push({ pattern: u.pattern, where: `${u.file}:${u.line}` });
  return result;
};

/** Adds each missing key to its en namespace file with the code's default (the key itself when it has none). */
export const writeMissing = (result: TExtractResult, root = ROOT): string[] => {
  const dir = join(root, 'content', 'locales', 'en');
  mkdirSync(dir, { recursive: true });
  const written: string[] = [];
  const byNamespace = new Map<string, TExtractResult['missing']>();
  for (const m of result.missing) {
    const ns = m.key.split('.')[0] as string;
    byNamespace.set(ns, [...(byNamespace.get(ns) ?? []), m]);
  }
  for (const [ns, all] of byNamespace) {
    // A key with no English in the code (a server text, a bare t('key')) needs a writer, not a copy of its name.
    const list = all.filter((m) => m.defaultValue);
    if (list.length === 0) continue;
    const path = join(dir, `${ns}.json`);
    const tree = (existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : {}) as TTree;
    for (const { key, defaultValue } of list) {
      const parts = key.split('.').slice(1);
      let node = tree;
      for (const part of parts.slice(0, -1)) {
        if (typeof node[part] !== 'object') node[part] = {};
        node = node[part] as TTree;
      }
      node[parts[parts.length - 1] as string] = defaultValue as string;
      written.push(key);
    }
    writeFileSync(path, `${JSON.stringify(tree, null, 2)}\n`);
  }
  return written;
};

const main = () => {
  process.stdout.on('error', () => undefined); // `| head` closing the pipe is not a failure
  const args = new Set(process.argv.slice(2));
  const result = extractMessages();
  if (args.has('--json')) {
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    return;
  }
  const keys = new Set(result.usages.flatMap((u) => (u.key ? [u.key] : [])));
  const log = (line = '') => process.stdout.write(`${line}\n`);
  log(
    `${result.usages.length} message usages, ${keys.size} distinct literal keys, ${result.dynamic.length} dynamic.`,
  );
  if (result.missing.length > 0) {
    log(`\nMissing from content/locales/en (${result.missing.length}):`);
    for (const m of result.missing)
      log(
        `  ${m.key}  ${m.defaultValue === undefined ? '(no defaultValue)' : JSON.stringify(m.defaultValue)}  ${m.where[0]}`,
      );
  }
  if (result.clashes.length > 0) {
    log(`\nKeys that clash with the shape of en (a string where a branch is needed, or the reverse):`);
    for (const k of result.clashes)
      log(
        `  ${k}${UNREACHABLE_CLASHES.includes(k) ? '  (known: page-shell/shells.ts entry no route reaches)' : ''}`,
      );
  }
  if (result.placeholderMismatch.length > 0) {
    log(`\nThe code's default and en name different placeholders:`);
    for (const m of result.placeholderMismatch)
      log(`  ${m.key}  en ${JSON.stringify(m.english)}  code ${JSON.stringify(m.code)}  ${m.where}`);
  }
  if (args.has('--verbose')) {
    log(`\nUsed without a defaultValue (${result.noDefault.length}):`);
    for (const n of result.noDefault)
      log(`  ${n.key}${n.inEnglish ? '' : '  MISSING'}  ${n.where.join(', ')}`);
    log(`\nDynamic keys (${result.dynamic.length}):`);
    for (const d of result.dynamic) log(`  ${d.pattern}  ${d.where}`);
    log(`\nOne key, different defaults (${result.conflicting.length}):`);
    for (const c of result.conflicting)
      log(`  ${c.key}: ${c.defaults.map((d) => JSON.stringify(d)).join(' | ')}`);
  }
  if (args.has('--write') && result.missing.length > 0) {
    // --only=<path part>: add just the keys used under that part of the site (a pass over one feature).
    const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);
    const chosen = only
      ? { ...result, missing: result.missing.filter((m) => m.where.some((w) => w.includes(only))) }
      : result;
    const written = writeMissing(chosen);
    log(`\nAdded ${written.length} keys to content/locales/en.`);
    return;
  }
  const clashes = result.clashes.filter((k) => !UNREACHABLE_CLASHES.includes(k));
  if (result.missing.length > 0 || clashes.length > 0 || result.placeholderMismatch.length > 0)
    process.exitCode = 1;
  else log('Every literal key the site uses is in content/locales/en.');
};

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
