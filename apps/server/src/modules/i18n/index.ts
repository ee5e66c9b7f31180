/** The i18n module's front door: what other modules may use of it. */
export { translationsArea } from './admin/translations-area.ts';
export { TRANSLATIONS_FLASH } from './admin/translations-flash.ts';
export type { TMessages } from './catalogue.ts';
export { readLocaleMessages } from './catalogue.ts';
export { contentHash, findEnabledLocale, listLocales, localeSettings } from './locales-service.ts';
export { invalidateMessages } from './messages-cache.ts';
export { registerMessagesOverlay } from './messages-service.ts';
export { i18nModule } from './module.ts';
export { FALLBACK_LOCALE, t } from './translate.ts';
