/**
 * Page titles in the page's locale, `{title} | {brand}`. A route's meta runs outside React, so it reads the
 * messages the root loader brought (the `pages` namespace is on every page) instead of the i18n context.
 */
import type { TSiteData } from './types';

export type TMatch = { id: string; data?: unknown; loaderData?: unknown } | undefined;

let lastJson: string | undefined;
let lastParsed: Record<string, unknown> = {};

const messagesOf = (site: TSiteData | undefined): Record<string, unknown> => {
  const messages = site?.messages;
  if (typeof messages !== 'string') return messages ?? {};
  if (messages !== lastJson) {
    lastParsed = JSON.parse(messages) as Record<string, unknown>;
    lastJson = messages;
  }
  return lastParsed;
};

const lookup = (messages: Record<string, unknown>, key: string): string | undefined => {
  let node: unknown = messages;
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return typeof node === 'string' && node !== '' ? node : undefined;
};

const siteOf = (matches: readonly TMatch[]) => {
  const root = matches.find((m) => m?.id === 'root');
  return (root?.loaderData ?? root?.data) as TSiteData | undefined;
};

/** `[key, English default]`: a key table entry, so `npm run i18n:check` sees the key. */
export type TText = readonly [key: string, fallback: string];

/** A text of the page's locale by key, `{name}` filled in; the English default when the locale lacks it. */
export const metaText = (
  matches: readonly TMatch[],
  [key, fallback]: TText,
  values: Record<string, string> = {},
) =>
  (lookup(messagesOf(siteOf(matches)), key) ?? fallback).replace(/\{(\w+)\}/g, (all, name: string) =>
    values[name] === undefined ? all : (values[name] as string),
  );

export const brandOf = (matches: readonly TMatch[]) => siteOf(matches)?.cms.brand || 'Casino';

/** `Game hall | Casino`, translated. */
export const pageTitle = (matches: readonly TMatch[], text: TText) =>
  `${metaText(matches, text)} | ${brandOf(matches)}`;

/** The operator's SEO settings of this page's host (features/seo), when the root loader brought them. */
export const seoOf = (matches: readonly TMatch[]) => siteOf(matches)?.seo;
