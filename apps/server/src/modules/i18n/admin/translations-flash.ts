/**
 * The flash messages of the translations screens: codes only, never free text. `locale_wrongField` serves every
 * Content screen (pages and the FAQ name a language too).
 */
import type { TFlashMessages } from '../../backoffice/index.ts';

const TRANSLATIONS_OK: Record<string, string> = {
  translation_saved: 'Translation saved. The site shows it within 10 seconds.',
  translation_removed: 'Override removed: the text of the language file shows again within 10 seconds.',
};

export const TRANSLATIONS_ERRORS: Record<string, string> = {
  locale_wrongField: 'There is no such language.',
  key_notFound: 'There is no such message key in English: nothing changed.',
  value_requiredField: 'Enter the text (remove the override to go back to the language file).',
  value_maxLength: 'The text is too long (5,000 characters at most).',
  value_placeholders: 'The text must keep exactly the placeholders of the English message.',
};

export const TRANSLATIONS_FLASH: TFlashMessages = {
  ok: TRANSLATIONS_OK,
  errors: TRANSLATIONS_ERRORS,
  under: '/admin/content',
};
