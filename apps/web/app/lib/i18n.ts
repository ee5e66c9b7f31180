/**
 * i18next per render: the messages of `/nfx/i18n/messages/{locale}` come with the root loader, so the
 * server renders translated HTML and the browser hydrates with the very same resources.
 * Keys read as `namespace.key` (e.g. `header.login`); `{name}` interpolation as in the seed messages.
 */
import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';

export const createI18n = (locale: string, messages: Record<string, unknown>): i18n => {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: locale,
    fallbackLng: false,
    resources: { [locale]: { translation: messages as Record<string, string> } },
    interpolation: { escapeValue: false, prefix: '{', suffix: '}' },
    returnNull: false,
    initAsync: false,
    react: { useSuspense: false },
  });
  return instance;
};
