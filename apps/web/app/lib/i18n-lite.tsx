/**
 * The few parts of react-i18next (and i18next) the site uses, in a few hundred bytes instead of ~15 KB gzip on
 * every page: `useTranslation()` → `{ t, i18n }`, `I18nextProvider`, `initReactI18next`. The bundler maps
 * 'react-i18next' here (vite.config.ts, and the web test project), so feature code keeps its imports.
 * Keys read as `namespace.key.path`; `{name}` is replaced by the option of that name (missing: empty), a
 * missing key gives `defaultValue` (interpolated too) or else the key itself; an empty string is a value.
 */
import { createContext, createElement, type ReactNode, useContext } from 'react';

export type TMessages = Record<string, unknown>;
export type TOptions = { defaultValue?: string } & Record<string, unknown>;
export type TLiteFunction = (key: string, options?: TOptions) => string;

export interface TLiteI18n {
  language: string;
  resolvedLanguage: string;
  t: TLiteFunction;
  /** Merges more messages (a namespace that arrives later) into this instance. */
  addMessages(messages: TMessages): void;
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

const merge = (target: TMessages, source: TMessages) => {
  for (const [key, value] of Object.entries(source)) {
    const existing = target[key];
    if (value && typeof value === 'object' && existing && typeof existing === 'object')
      merge(existing as TMessages, value as TMessages);
    else target[key] = value;
  }
};

export const createLiteI18n = (locale: string, messages: TMessages): TLiteI18n => {
  const store: TMessages = {};
  merge(store, messages);
  return {
    language: locale,
    resolvedLanguage: locale,
    t: (key, options) => {
      const value = lookup(store, key) ?? options?.defaultValue;
      return value === undefined ? key : interpolate(value, options);
    },
    addMessages: (more) => merge(store, more),
  };
};

const fallback = createLiteI18n('en', {});
const I18nContext = createContext<TLiteI18n>(fallback);

export function I18nextProvider({ i18n, children }: { i18n: TLiteI18n; children?: ReactNode }) {
  return createElement(I18nContext.Provider, { value: i18n }, children);
}

export const useTranslation = (_namespace?: string | string[]) => {
  const i18n = useContext(I18nContext);
  return { t: i18n.t, i18n, ready: true } as const;
};

/** i18next's plugin hook: nothing to register here. */
export const initReactI18next = { type: '3rdParty' as const, init: () => undefined };
