/** The flash messages of the content pages screens (pages, their images): codes only, never free text. */
import type { TFlashMessages } from '../../backoffice/index.ts';

const PAGES_OK: Record<string, string> = {
  page_saved: 'Page saved. The site shows it at once.',
  page_created: 'Page created. Write its text, then save.',
  page_hidden: 'Page hidden: the site answers “not found” for it in every language.',
  page_shown: 'Page shown again in every language it has.',
  image_uploaded: 'Image uploaded: copy its Markdown below into the page.',
};

export const PAGES_ERRORS: Record<string, string> = {
  slug_wrongField:
    'A page address is 1 to 63 lowercase letters, digits and dashes, starting with a letter or digit.',
  slug_taken: 'A page with that address already exists: edit it instead.',
  page_notFound: 'There is no such page: nothing changed.',
  title_requiredField: 'Give the page a title.',
  title_maxLength: 'The title is too long (200 characters at most).',
  description_maxLength: 'The description is too long (500 characters at most).',
  body_maxLength: 'The page is too long (100,000 characters at most).',
  image_requiredField: 'Choose an image file to upload.',
  image_wrongType: 'Only PNG, JPEG, GIF and WebP images can be uploaded (checked by their content).',
  image_maxSize: 'The image is too large (5 MB at most).',
};

export const PAGES_FLASH: TFlashMessages = { ok: PAGES_OK, errors: PAGES_ERRORS, under: '/admin/content' };
