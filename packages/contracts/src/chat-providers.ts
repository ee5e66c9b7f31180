/**
 * The seven chat providers, by config key; `custom` loads the configured script and has no API action. A module
 * of its own, without zod: the site's live chat, loaded on every page, reads the list without the support calls'
 * schemas.
 */
export const CHAT_PROVIDERS = [
  'verbox',
  'jivosite',
  'livechat',
  'intercom',
  'zendesk',
  'tawk',
  'custom',
] as const;
export type TChatProvider = (typeof CHAT_PROVIDERS)[number];
