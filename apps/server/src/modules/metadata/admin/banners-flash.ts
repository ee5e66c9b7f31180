/**
 * The flash messages of the banners screen: codes only, never free text. A campaign popup's words are refused with
 * the same codes (title, text, button, url, locale), so its messages are these.
 */
import type { TFlashMessages } from '../../backoffice/index.ts';

const BANNERS_OK: Record<string, string> = {
  banner_saved: 'Banner saved. The site shows it within 10 seconds.',
  banner_created:
    'Banner added at the end of the list. The site shows it within 10 seconds (from its start).',
  banner_copied: 'Banner copied: the copy follows it in the list.',
  banner_moved: 'Banner moved: the site shows the banners in this order.',
  banner_retired: 'Banner retired: taken out of the list; the site no longer shows it.',
};

const BANNERS_ERRORS: Record<string, string> = {
  finished_at_wrongField: 'Give the end as YYYY-MM-DD or YYYY-MM-DDTHH:MM (UTC), after the start.',
  started_at_wrongField: 'Give the start as YYYY-MM-DD or YYYY-MM-DDTHH:MM (UTC).',
  id_wrongField: 'A banner name is 2 to 40 of a-z, 0-9, - and _.',
  id_maxLength: 'A language has 20 home banners at most: retire one first.',
  locale_wrongField: 'Choose a language.',
  title_requiredField: 'Enter a title.',
  title_maxLength: 'The title is too long (120 characters at most).',
  text_maxLength: 'The text is too long.',
  button_maxLength: 'The button label is too long (60 characters at most).',
  url_wrongField: 'The link is a path starting with / or an https:// address.',
  image_wrongField: 'The image is a path starting with / (e.g. /_ipx/…/banners/hero.svg).',
  // Worded for every country list under /admin/promotions: these messages come before the campaigns' there.
  countries_wrongField: 'Countries are ISO codes of two letters (e.g. GB DE), separated by spaces or commas.',
  countries_maxLength: 'Too many countries (60 at most).',
};

/** A banner's and a popup's title and language are refused as a content page's are: on these pages, in these words. */
export const BANNERS_FLASH: TFlashMessages = {
  ok: BANNERS_OK,
  errors: BANNERS_ERRORS,
  under: '/admin/promotions',
};
