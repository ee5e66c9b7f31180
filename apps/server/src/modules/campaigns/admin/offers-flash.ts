/** The deposit offers' flash messages (Promotions › Deposit offers): codes only, in these words on these pages. */
import type { TFlashMessages } from '../../backoffice/index.ts';

export const DEPOSIT_OFFERS_FLASH: TFlashMessages = {
  ok: {
    offer_created:
      'Deposit offer created. The cashier offers it within seconds (when active, in its window and to its targets).',
    offer_saved: 'Deposit offer saved. Deposits from now on take these terms; bonuses granted keep theirs.',
    offer_copied: 'Deposit offer copied, switched off: check it, then switch it on.',
    offer_retired: 'Deposit offer retired: the cashier never offers it again.',
    nothing_changed: 'Nothing changed.',
  },
  errors: {
    sysname_requiredField: 'Enter a sysname.',
    sysname_wrongField: 'A sysname is 2 to 60 lower-case letters, digits or _.',
    sysname_taken: 'That sysname is taken by another offer: nothing created.',
    locale_wrongField: 'Choose one of the site languages.',
    title_requiredField: 'Enter the title players see in the cashier.',
    title_maxLength: 'The title is 120 characters at most.',
    title_wrongField: 'The title holds characters that cannot be stored (control characters such as NUL).',
    text_maxLength: 'The text is 1000 characters at most.',
    text_wrongField: 'The text holds characters that cannot be stored (control characters such as NUL).',
    condition_wrongField: 'Choose which deposits it is for.',
    percent_requiredField: 'Enter the bonus as a percent of the deposit.',
    percent_wrongField: 'The percent is a whole number from 1 to 1000.',
    percent_maxValue: 'The percent is 1000 at most.',
    max_amount_requiredField: 'Enter the largest bonus.',
    max_amount_wrongField: 'Enter the largest bonus as a positive amount, e.g. 100.00.',
    max_amount_maxValue: 'That bonus is too large.',
    wager_requiredField: 'Enter the wagering multiplier (0: none).',
    wager_wrongField: 'The wagering multiplier is a whole number from 0 to 200.',
    wager_maxValue:
      'The wagering multiplier is 200 at most (each grant is capped by the player’s jurisdiction).',
    template_notUsable: 'Choose a casino bonus template that is not retired.',
    min_amount_wrongField: 'Enter the smallest deposit as an amount (0 or more), e.g. 10.00.',
    min_amount_maxValue: 'That smallest deposit is too large.',
    exclude_methods_wrongField: 'Choose payment methods from the list.',
    priority_wrongField: 'The priority is a whole number from -1000 to 1000.',
    priority_maxValue: 'The priority is 1000 at most.',
    starts_at_wrongField: 'Give the start as YYYY-MM-DD or YYYY-MM-DDTHH:MM (UTC).',
    ends_at_wrongField: 'Give the end as YYYY-MM-DD or YYYY-MM-DDTHH:MM (UTC), after the start.',
    locales_wrongField: 'Site languages are two-letter codes (e.g. en de), separated by spaces.',
    countries_wrongField:
      'Countries are ISO codes of two letters (e.g. GB DE), separated by spaces or commas.',
    countries_maxLength: 'Too many countries.',
    segment_id_wrongField: 'Choose one of the shared segments (Players › save a segment as shared).',
    segment_id_maxValue: 'Choose one of the shared segments.',
    id_retired: 'That offer is retired: copy it to run it again.',
    image_wrongType: 'The image must be a PNG, JPEG, GIF or WebP file.',
    image_maxSize: 'The image is 5 MB at most.',
    image_wrongField: 'Upload the image again: that one is not stored here.',
  },
  under: '/admin/promotions/offers',
};
