/**
 * The translation catalogue: content/locales/{code}/{namespace}.json read into one nested object per locale.
 * The namespace is the file name, so `common.json` holds the keys under `common.`.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export type TMessages = { [key: string]: string | TMessages };

export interface TLocaleEntry {
  code: string;
  name: string;
  nativeName: string;
  dir: 'ltr' | 'rtl';
  enabled: boolean;
}

export interface TLocalesFile {
  defaultLocale: string;
  locales: TLocaleEntry[];
}

export const readLocalesFile = (contentDir: string): TLocalesFile =>
  JSON.parse(readFileSync(join(contentDir, 'locales.json'), 'utf8')) as TLocalesFile;

/** Every namespace file of one locale, merged under the namespace names; an unknown locale gives `{}`. */
export const readLocaleMessages = (contentDir: string, code: string): TMessages => {
  const dir = join(contentDir, 'locales', code);
  if (!/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/.test(code) || !existsSync(dir)) return {};
  const messages: TMessages = {};
  for (const file of readdirSync(dir).sort()) {
    if (!file.endsWith('.json')) continue;
    messages[file.slice(0, -'.json'.length)] = JSON.parse(readFileSync(join(dir, file), 'utf8')) as TMessages;
  }
  return messages;
};

/** `{ a: { b: 'x' } }` → `{ 'a.b': 'x' }`. */
export const flatten = (messages: TMessages, prefix = ''): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(messages)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out[path] = value;
    else Object.assign(out, flatten(value, path));
  }
  return out;
};

/** Sets `a.b.c` in a nested object, creating the branches; a string in the way is replaced. */
export const setPath = (target: TMessages, path: string, value: string) => {
  const parts = path.split('.');
  let node = target;
  for (const part of parts.slice(0, -1)) {
    const next = node[part];
    if (typeof next !== 'object') node[part] = {};
    node = node[part] as TMessages;
  }
  node[parts[parts.length - 1] as string] = value;
};

/** A deep merge where `over` wins; neither input is changed. */
export const deepMerge = (base: TMessages, over: TMessages): TMessages => {
  const out: TMessages = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const current = out[key];
    out[key] = typeof value === 'object' && typeof current === 'object' ? deepMerge(current, value) : value;
  }
  return out;
};

/** The placeholders of a message: `{name}` and the `$$name$$` form of the §5 defaults, sorted. */
export const placeholders = (message: string): string[] =>
  [...message.matchAll(/\{(\w+)\}|\$\$(\w+)\$\$/g)].map((m) => (m[1] ? `{${m[1]}}` : `$$${m[2]}$$`)).sort();

/** Fills `{name}` and `$$name$$`; a placeholder without a value stays as written. */
export const interpolate = (message: string, vars: Record<string, string | number> = {}): string =>
  message.replace(/\{(\w+)\}|\$\$(\w+)\$\$/g, (whole, a: string | undefined, b: string | undefined) => {
    const value = vars[(a ?? b) as string];
    return value === undefined ? whole : String(value);
  });
