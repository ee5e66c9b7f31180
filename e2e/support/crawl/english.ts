/**
 * Finds English sentences on a non-English page, two ways:
 * - a visible text that equals an English message of content/locales/en (three words or more) whose translation
 *   in the page's locale is different (words that read the same in both languages have equal values);
 * - an English sentence no message holds (hard-coded in a component, or content/ text left untranslated): four
 *   words or more of which at least two, and a fifth, are English function words ("the", "your", "with"…) that
 *   no other locale of the site writes as words of its own. Game, studio and brand names are taken out first, so
 *   "Book of the Dead" or "Bar and Bell" never count.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../server.ts';

const LOCALES = join(ROOT, 'content/locales');

const flatten = (node: unknown, prefix: string, out: Map<string, string>) => {
  if (typeof node === 'string') out.set(prefix, node);
  else if (node && typeof node === 'object')
    for (const [key, value] of Object.entries(node)) flatten(value, prefix ? `${prefix}.${key}` : key, out);
  return out;
};

const messagesOf = (locale: string) => {
  const out = new Map<string, string>();
  for (const file of readdirSync(join(LOCALES, locale)).filter((f) => f.endsWith('.json')))
    flatten(JSON.parse(readFileSync(join(LOCALES, locale, file), 'utf8')), file.replace(/\.json$/, ''), out);
  return out;
};

export const normalize = (text: string) => text.replace(/\s+/g, ' ').trim();

const stripTags = (text: string) => text.replace(/<[^>]+>/g, '');
const PLACEHOLDER = /\{[\w.]+\}|\$\$\w+\$\$/g;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * English function words that are not words of de, fr, es, pt (so not "a", "in", "on", "or", "an", "so", "do",
 * "no", "me", "was", "will", "all", "as").
 */
const ENGLISH_WORDS = new Set(
  (
    'the and of to is are your you for with this that these those be been it its by from has have had not can ' +
    'could would should our we they their there here when what which who how if at than then only each every ' +
    'into after before while about please were again first new must yet soon use under any some out up one ' +
    'two three over back more least'
  ).split(' '),
);

const readJson = <T>(path: string) => JSON.parse(readFileSync(join(ROOT, path), 'utf8')) as T;

/** Names that stay as they are in every language, longest first (so "Sheriff's Star" goes before "Star Keno"). */
const properNames = () =>
  [
    ...readJson<Array<{ name: string }>>('content/games/games.json').map((g) => g.name),
    ...readJson<Array<{ name: string }>>('content/games/providers.json').map((p) => p.name),
  ].sort((a, b) => b.length - a.length);

/** The English function words of a text once proper names are out, or null when it does not read as English. */
export const englishWordsOf = (text: string, names: readonly string[] = []): string[] | null => {
  let rest = normalize(text);
  for (const name of names) if (rest.includes(name)) rest = rest.split(name).join(' ');
  const words = rest.toLowerCase().match(/[a-z]+(?:['’][a-z]+)?/g) ?? [];
  if (words.length < 4) return null;
  const english = words.filter((w) => ENGLISH_WORDS.has(w));
  return english.length >= 2 && new Set(english).size >= 2 && english.length * 5 >= words.length
    ? english
    : null;
};

export interface TEnglishDetector {
  /** The message keys whose English value a text shows, empty when none. */
  find(text: string): string[];
}

export const englishDetector = (locale: string): TEnglishDetector => {
  const en = messagesOf('en');
  const local = messagesOf(locale);
  const exact = new Map<string, string[]>();
  const patterns: Array<{ key: string; pattern: RegExp }> = [];
  for (const [key, raw] of en) {
    const value = normalize(stripTags(raw));
    if (value.split(' ').length < 3) continue;
    const translated = local.get(key);
    if (translated !== undefined && normalize(stripTags(translated)) === value) continue;
    if (PLACEHOLDER.test(value)) {
      PLACEHOLDER.lastIndex = 0;
      // "{k} of {n}" would take any "A of B" (a game's name) for itself: a pattern needs two words of its own.
      if (
        value
          .replace(PLACEHOLDER, ' ')
          .trim()
          .split(/\s+/)
          .filter((w) => /[a-z]/i.test(w)).length < 2
      )
        continue;
      const source = value.split(PLACEHOLDER).map(escapeRegExp).join('.+?');
      patterns.push({ key, pattern: new RegExp(`^${source}$`) });
    } else exact.set(value, [...(exact.get(value) ?? []), key]);
  }
  const names = properNames();
  // The locale's own words are never "English", whatever they borrow.
  const own = new Set([...local.values()].map((v) => normalize(stripTags(v))));
  return {
    find(text) {
      const value = normalize(text);
      if (own.has(value) || names.includes(value)) return [];
      const keys = exact.get(value) ?? [];
      if (keys.length) return keys;
      const matched = patterns.filter((p) => p.pattern.test(value)).map((p) => p.key);
      if (matched.length) return matched;
      const english = englishWordsOf(value, names);
      return english ? [`no message: ${[...new Set(english)].join(' ')}`] : [];
    },
  };
};
