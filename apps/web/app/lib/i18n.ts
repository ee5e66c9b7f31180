/**
 * i18n per render: the messages of `/nfx/i18n/messages/{locale}` come with the root loader, so the server
 * renders translated HTML and the browser hydrates with the very same resources.
 * Keys read as `namespace.key` (e.g. `header.login`); `{name}` interpolation as in the seed messages.
 * The implementation is `i18n-lite.tsx` (what the site needs of i18next, without its weight in the bundle).
 */
import { createLiteI18n, type TLiteI18n } from './i18n-lite';

export type { TLiteI18n as i18n };

export const createI18n = (locale: string, messages: Record<string, unknown>): TLiteI18n =>
  createLiteI18n(locale, messages);
