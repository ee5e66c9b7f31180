/**
 * The server-side translator for mails and other server texts: `t(locale, key, vars)`. A key missing in the
 * locale falls back to English, then to the key itself. Operator overrides apply once the i18n module loaded them.
 */
import { fileURLToPath } from 'node:url';
import { deepMerge, flatten, interpolate, readLocaleMessages, setPath, type TMessages } from './catalogue.ts';

export const FALLBACK_LOCALE = 'en';
const DEFAULT_CONTENT_DIR = fileURLToPath(new URL('../../../../../content/', import.meta.url));

interface TState {
  contentDir: string;
  overrides: Map<string, Record<string, string>>;
  flat: Map<string, Record<string, string>>;
}

const state: TState = { contentDir: DEFAULT_CONTENT_DIR, overrides: new Map(), flat: new Map() };

/** Points the translator at a content folder and the operator's overrides (called by the i18n module). */
export const configureTranslator = (
  contentDir: string,
  overrides: Map<string, Record<string, string>> = new Map(),
) => {
  state.contentDir = contentDir;
  state.overrides = overrides;
  state.flat.clear();
};

const flatFor = (locale: string): Record<string, string> => {
  let flat = state.flat.get(locale);
  if (!flat) {
    flat = { ...flatten(readLocaleMessages(state.contentDir, locale)), ...state.overrides.get(locale) };
    state.flat.set(locale, flat);
  }
  return flat;
};

export const t = (locale: string, key: string, vars: Record<string, string | number> = {}): string => {
  const message = flatFor(locale)[key] ?? flatFor(FALLBACK_LOCALE)[key] ?? key;
  return interpolate(message, vars);
};

/** The full nested messages of a locale with English under it, so a missing key still shows text. */
export const messagesWithFallback = (
  contentDir: string,
  locale: string,
  overrides: Record<string, string> = {},
): TMessages => {
  const base = readLocaleMessages(contentDir, FALLBACK_LOCALE);
  const merged = locale === FALLBACK_LOCALE ? base : deepMerge(base, readLocaleMessages(contentDir, locale));
  return applyOverrides(merged, overrides);
};

const applyOverrides = (messages: TMessages, overrides: Record<string, string>): TMessages => {
  const entries = Object.entries(overrides);
  if (entries.length === 0) return messages;
  const out = structuredClone(messages);
  for (const [key, value] of entries) setPath(out, key, value);
  return out;
};
