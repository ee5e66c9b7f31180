/**
 * The site's i18n (ADR 006): `useTranslation()` → `{ t, i18n }` and `I18nProvider`, the small part of
 * react-i18next's API the site uses, in a few hundred bytes instead of ~15 KB gzip on every page. Feature code
 * imports it from here; no alias maps a package name to it.
 * Keys read as `namespace.key.path`; `{name}` is replaced by the option of that name (missing: empty), a
 * missing key gives `defaultValue` (interpolated too) or else the key itself; an empty string is a value.
 * Plurals: with a numeric `count` option, `key_<form>` is read first, the form being the locale's
 * `Intl.PluralRules` category (`zero`, `one`, `two`, `few`, `many`; Arabic has all six), and the plain `key`
 * is the `other` form (and the fallback of any form a catalogue does not spell out).
 * A page gets only the namespaces it renders (lib/i18n.ts); a key of a namespace the instance has not got yet
 * is reported to `onMissingNamespace`, which loads it (browser) or flags the gap (server).
 */
import { createContext, createElement, type ReactNode, useContext } from 'react';

export type TMessages = Record<string, unknown>;
export type TOptions = { defaultValue?: string } & Record<string, unknown>;
export type TFunction = (key: string, options?: TOptions) => string;

export interface TLiteI18n {
  language: string;
  resolvedLanguage: string;
  t: TFunction;
  /** Merges more messages (a namespace that arrives later) into this instance. */
  addMessages(messages: TMessages): void;
  /** Whether the messages of this namespace are here (or the instance does not know which namespaces exist). */
  hasNamespace(namespace: string): boolean;
}

export interface TLiteOptions {
  /** Every namespace the server has; without it every namespace counts as present. */
  namespaces?: readonly string[];
  /** A key was read from one of `namespaces` that is not loaded: its text is the default until it comes. */
  onMissingNamespace?: (namespace: string, key: string) => void;
}

const lookup = (messages: TMessages, key: string): string | undefined => {
  let current: unknown = messages;
  for (const part of key.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return typeof current === 'string' ? current : undefined;
};

const interpolate = (text: string, options: TOptions | undefined) =>
  text.indexOf('{') === -1
    ? text
    : text.replace(/\{\s*([\w.-]+)\s*\}/g, (_all, name: string) => {
        const value = options?.[name];
        return value === undefined || value === null ? '' : String(value);
      });

const pluralRules = new Map<string, Intl.PluralRules>();
/** The CLDR plural category of `count` in `locale` (`other` when the count is not a finite number). */
export const pluralForm = (locale: string, count: unknown): Intl.LDMLPluralRule => {
  const n = typeof count === 'number' ? count : typeof count === 'string' ? Number(count) : Number.NaN;
  if (!Number.isFinite(n) || (typeof count === 'string' && count.trim() === '')) return 'other';
  let rules = pluralRules.get(locale);
  if (!rules) {
    try {
      rules = new Intl.PluralRules(locale);
    } catch {
      rules = new Intl.PluralRules('en');
    }
    pluralRules.set(locale, rules);
  }
  return rules.select(n);
};

/** Deep: the instance never shares (nor later changes) the objects it was given. */
const merge = (target: TMessages, source: TMessages) => {
  for (const [key, value] of Object.entries(source)) {
    if (value && typeof value === 'object') {
      let existing = target[key];
      if (!existing || typeof existing !== 'object') {
        existing = {};
        target[key] = existing;
      }
      merge(existing as TMessages, value as TMessages);
    } else target[key] = value;
  }
};

export const createLiteI18n = (
  locale: string,
  messages: TMessages,
  { namespaces, onMissingNamespace }: TLiteOptions = {},
): TLiteI18n => {
  const store: TMessages = {};
  merge(store, messages);
  const known = namespaces ? new Set(namespaces) : undefined;
  const hasNamespace = (namespace: string) => !known?.has(namespace) || namespace in store;
  return {
    language: locale,
    resolvedLanguage: locale,
    t: (key, options) => {
      const form = options && 'count' in options ? pluralForm(locale, options.count) : 'other';
      let value = (form !== 'other' ? lookup(store, `${key}_${form}`) : undefined) ?? lookup(store, key);
      if (value === undefined) {
        if (known && onMissingNamespace) {
          const dot = key.indexOf('.');
          const namespace = dot > 0 ? key.slice(0, dot) : key;
          if (!hasNamespace(namespace)) onMissingNamespace(namespace, key);
        }
        value = options?.defaultValue;
      }
      return value === undefined ? key : interpolate(value, options);
    },
    addMessages: (more) => merge(store, more),
    hasNamespace,
  };
};

const fallback = createLiteI18n('en', {});
const I18nContext = createContext<TLiteI18n>(fallback);

export function I18nProvider({ i18n, children }: { i18n: TLiteI18n; children?: ReactNode }) {
  return createElement(I18nContext.Provider, { value: i18n }, children);
}

export const useTranslation = (_namespace?: string | string[]) => {
  const i18n = useContext(I18nContext);
  return { t: i18n.t, i18n, ready: true } as const;
};
