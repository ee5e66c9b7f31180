/** Reads the operator's seed files of content/: settings JSON, per-locale CMS config and Markdown pages. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Each setting key and the content file it is seeded from. */
export const SETTING_FILES = {
  'site-config': 'site-config.json',
  'registration-config': 'registration-config.json',
  'general-info': 'general-info.json',
  chat: 'chat.json',
  seo: 'seo.json',
  redirects: 'redirects.json',
  'custom-code': 'custom-code.json',
} as const;
export type TSettingKey = keyof typeof SETTING_FILES;
export const SETTING_KEYS = Object.keys(SETTING_FILES) as TSettingKey[];

export const readJson = <T>(path: string): T => JSON.parse(readFileSync(path, 'utf8')) as T;

export const readSettingFile = (contentDir: string, key: TSettingKey): unknown =>
  readJson(join(contentDir, SETTING_FILES[key]));

export const readCmsFiles = (contentDir: string): { locale: string; config: Record<string, unknown> }[] => {
  const dir = join(contentDir, 'cms');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => ({ locale: f.slice(0, -5), config: readJson<Record<string, unknown>>(join(dir, f)) }));
};

export interface TPageFile {
  slug: string;
  locale: string;
  title: string;
  description: string;
  body: string;
}

/** `---\ntitle: …\ndescription: …\n---\n` front matter, then the Markdown body. */
export const parsePage = (slug: string, locale: string, text: string): TPageFile => {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(text);
  const meta: Record<string, string> = {};
  for (const line of (match?.[1] ?? '').split(/\r?\n/)) {
    const at = line.indexOf(':');
    if (at > 0) meta[line.slice(0, at).trim()] = line.slice(at + 1).trim();
  }
  const body = (match ? (match[2] ?? '') : text).trim();
  const heading = /^#\s+(.+)$/m.exec(body)?.[1];
  return { slug, locale, title: meta.title ?? heading ?? slug, description: meta.description ?? '', body };
};

export const readPageFiles = (contentDir: string): TPageFile[] => {
  const dir = join(contentDir, 'pages');
  if (!existsSync(dir)) return [];
  const pages: TPageFile[] = [];
  for (const slug of readdirSync(dir).sort()) {
    const slugDir = join(dir, slug);
    if (!existsSync(slugDir) || !/^[a-z0-9-]+$/.test(slug)) continue;
    for (const file of readdirSync(slugDir).sort()) {
      if (!file.endsWith('.md')) continue;
      pages.push(parsePage(slug, file.slice(0, -3), readFileSync(join(slugDir, file), 'utf8')));
    }
  }
  return pages;
};
