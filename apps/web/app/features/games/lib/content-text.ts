/**
 * The engines' rules (English sentences of @casino/games) in the player's language. `content/games/texts/en.json`
 * holds each sentence as a template (`{name}` for its variable parts); a sentence is matched against the English
 * templates and written again with the same key's template of the player's locale. Placeholders by name: numbers
 * (any name not below) are kept; `{game}`, `{list…}` and `{rank}` are kept; `{symbol}` is a slot symbol's name,
 * `{theme}` a slot's theme, `{volatility}` and `{risk}` a level: these are translated too. A sentence no template
 * matches stays English (the content test fails on such a sentence).
 */

export type TTemplates = Record<string, string>;

const PLACEHOLDER = /\{(\w+)\}/g;
const NUMBER = String.raw`\d[\d.,]*[×%]?`;
const LEVEL = 'low|medium|high';
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const patternOf = (name: string) => {
  if (name === 'volatility' || name === 'risk') return LEVEL;
  if (name === 'rank') return '[A-Z0-9]{1,2}';
  if (name === 'game' || name === 'symbol' || name === 'theme' || name.startsWith('list')) return '.+?';
  return NUMBER;
};

/** `{ "a": { "b": "x" } }` → `{ "a.b": "x" }`. */
export const flattenTexts = (node: unknown, prefix = '', out: TTemplates = {}): TTemplates => {
  if (typeof node === 'string') out[prefix] = node;
  else if (node && typeof node === 'object')
    for (const [key, value] of Object.entries(node))
      flattenTexts(value, prefix ? `${prefix}.${key}` : key, out);
  return out;
};

interface TCompiled {
  key: string;
  names: string[];
  regex: RegExp;
}

const compile = (key: string, template: string): TCompiled => {
  const names: string[] = [];
  const parts = template.split(PLACEHOLDER);
  // split with a capture group alternates text, name, text, name…
  const source = parts
    .map((part, i) => {
      if (i % 2 === 0) return escapeRegExp(part);
      names.push(part);
      return `(${patternOf(part)})`;
    })
    .join('');
  return { key, names, regex: new RegExp(`^${source}$`) };
};

export interface TRulesTranslator {
  /** The sentence in the locale, or null when no template matches it. */
  sentence(text: string): string | null;
  /** A sentence, or a list of them joined by "; " or ", " (paytable values, RTP texts); as is when none match. */
  text(text: string): string;
  /** Whether `text` has words and no template of them (it would stay English). */
  missing(text: string): boolean;
}

const HAS_WORDS = /\p{L}{2,}/u;
const THEME_PREFIX = 'themes.';

/**
 * `en` and `local` are the flattened `rules` of two locales; `symbolName` gives a slot symbol's name in the
 * locale from its English name (the reels' own translations).
 */
export const rulesTranslator = (
  en: TTemplates,
  local: TTemplates,
  symbolName: (english: string) => string = (name) => name,
): TRulesTranslator => {
  // Exact sentences first, then the templates with the most literal text: the most specific one wins.
  const compiled = Object.entries(en)
    .filter(([key]) => !key.startsWith(THEME_PREFIX))
    .map(([key, template]) => compile(key, template))
    .sort((a, b) => a.names.length - b.names.length || b.regex.source.length - a.regex.source.length);
  const themeKey = new Map(
    Object.entries(en)
      .filter(([key]) => key.startsWith(THEME_PREFIX))
      .map(([key, value]) => [value, key]),
  );
  const placeholderValue = (name: string, raw: string) => {
    if (name === 'symbol') return symbolName(raw);
    if (name === 'theme') {
      const key = themeKey.get(raw);
      return (key && local[key]) || raw;
    }
    if (name === 'volatility' || name === 'risk') return local[`${name}.${raw}`] ?? raw;
    return raw;
  };
  const sentence = (text: string): string | null => {
    for (const { key, names, regex } of compiled) {
      const match = regex.exec(text);
      if (!match) continue;
      const values: Record<string, string> = {};
      names.forEach((name, i) => {
        values[name] = placeholderValue(name, match[i + 1] ?? '');
      });
      const template = local[key] ?? en[key] ?? text;
      return template.replace(PLACEHOLDER, (all, name: string) => values[name] ?? all);
    }
    return null;
  };
  const translate = (value: string): string | null => {
    if (!HAS_WORDS.test(value)) return value;
    const whole = sentence(value);
    if (whole !== null) return whole;
    for (const separator of ['; ', ', ']) {
      const parts = value.split(separator);
      if (parts.length < 2) continue;
      const translated = parts.map((part) => (HAS_WORDS.test(part) ? sentence(part) : part));
      if (translated.every((part) => part !== null)) return translated.join(separator);
    }
    return null;
  };
  return {
    sentence,
    text: (value) => translate(value) ?? value,
    missing: (value) => translate(value) === null,
  };
};
