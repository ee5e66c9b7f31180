/**
 * The site's i18n (ADR 006): `useTranslation()` → `{ t, i18n }` and `I18nProvider`, the small part of
 * react-i18next's API the site uses, in a few hundred bytes instead of ~15 KB gzip on every page. Feature code
 * imports it from here; no alias maps a package name to it.
 * Keys read as `namespace.key.path`; `{name}` is replaced by the option of that name (missing: empty), a
 * missing key gives `defaultValue` (interpolated too) or else the key itself; an empty string is a value.
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
      let value = lookup(store, key);
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
