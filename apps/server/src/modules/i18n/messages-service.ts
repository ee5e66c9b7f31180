/**
 * The browser's messages of a locale (`GET /nfx/i18n/messages/{locale}`): English under the locale's own
 * messages, the operator's overrides on top, without the mail texts (the server's own). Every page asks for
 * them while it renders, so they are built once and kept, with their JSON: the catalogue files never change
 * while the server runs, the overrides are read again after OVERRIDES_TTL_MS (another instance may have
 * changed them) and at once after `setOverride` here. `?ns=a,b` answers only those namespaces.
 */
import type { TDb } from '../../platform/db/database.ts';
import type { TMessages } from './catalogue.ts';
import { overridesFor } from './locales-service.ts';
import { messagesCacheOf, type TCacheEntry } from './messages-cache.ts';
import { messagesWithFallback } from './translate.ts';

/** Mails are rendered by the server; the site never shows these texts. */
export const SERVER_ONLY_NAMESPACES = new Set(['mail']);
export const OVERRIDES_TTL_MS = 10_000;

export interface TLocaleMessages {
  messages: TMessages;
  json: string;
  /** The namespaces the site can ask for, sorted. */
  namespaces: string[];
  /** JSON per requested namespace list. */
  parts: Map<string, string>;
}

/**
 * A module that keeps part of the messages in its own tables lays it over the built messages (the support FAQ):
 * registered by that module, so i18n imports nothing above it.
 */
export type TMessagesOverlay = (db: TDb, locale: string, messages: TMessages) => Promise<void>;
const overlays = new Map<string, TMessagesOverlay>();
export const registerMessagesOverlay = (name: string, overlay: TMessagesOverlay) => {
  overlays.set(name, overlay);
};

const build = async (db: TDb, contentDir: string, locale: string): Promise<TLocaleMessages> => {
  const all = messagesWithFallback(contentDir, locale, await overridesFor(db, locale));
  for (const overlay of overlays.values()) await overlay(db, locale, all);
  const messages: TMessages = {};
  for (const [namespace, value] of Object.entries(all))
    if (!SERVER_ONLY_NAMESPACES.has(namespace)) messages[namespace] = value;
  return {
    messages,
    json: JSON.stringify(messages),
    namespaces: Object.keys(messages).sort(),
    parts: new Map(),
  };
};

export const localeMessages = (
  db: TDb,
  contentDir: string,
  locale: string,
  now = Date.now(),
): Promise<TLocaleMessages> => {
  const cache = messagesCacheOf(db) as Map<string, TCacheEntry<TLocaleMessages>>;
  const key = `${contentDir}\n${locale}`;
  const hit = cache.get(key);
  if (hit && now - hit.at < OVERRIDES_TTL_MS) return hit.value;
  const value = build(db, contentDir, locale);
  cache.set(key, { at: now, value });
  value.catch(() => {
    if (cache.get(key)?.value === value) cache.delete(key);
  });
  return value;
};

/** `ns=header,common` → the known namespaces asked for, in the catalogue's order; none asked: undefined. */
export const parseNamespaces = (raw: unknown, known: readonly string[]): string[] | undefined => {
  if (typeof raw !== 'string') return undefined;
  const asked = new Set(raw.split(',').map((s) => s.trim()));
  return known.filter((namespace) => asked.has(namespace));
};

/** The JSON of some namespaces of a locale (kept per list: pages ask for the same few lists). */
export const namespacesJson = (entry: TLocaleMessages, namespaces: readonly string[]) => {
  const key = namespaces.join(',');
  let json = entry.parts.get(key);
  if (json === undefined) {
    const picked: TMessages = {};
    for (const namespace of namespaces) picked[namespace] = entry.messages[namespace] as TMessages;
    json = JSON.stringify(picked);
    if (entry.parts.size < 64) entry.parts.set(key, json);
  }
  return json;
};
