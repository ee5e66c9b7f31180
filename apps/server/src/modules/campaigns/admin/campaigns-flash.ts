/**
 * The flash messages of the campaigns' screens (promo codes, cashback, popups): codes only, never free text. A
 * popup's words share the banners' codes (metadata/admin/banners-flash.ts); a code's template, the bonuses'.
 */
import type { TFlashMessages } from '../../backoffice/index.ts';

const CAMPAIGNS_OK: Record<string, string> = {
  code_created: 'Promo code created.',
  codes_generated: 'Codes generated: the list below shows the batch.',
  code_switched: 'Promo code switched.',
  code_saved:
    'Promo code saved: its next activations grant this bonus; bonuses already granted keep their amount.',
  cashback_saved: 'Cashback program saved. The next period is computed with these terms.',
  cashback_created:
    'Cashback program created, with its words in every site language. It is computed at each period’s end.',
  popup_saved: 'Popup saved. The site shows it within 10 seconds.',
  popup_created: 'Popup created. The site shows it within 10 seconds (when active and in its window).',
  popup_copied: 'Popup copied, switched off: check it, then switch it on.',
  popup_retired: 'Popup retired: the site never shows it again.',
  codes_switched_off: 'The batch’s codes are switched off: none of them activates any more.',
  nothing_changed: 'Nothing changed.',
};

const CAMPAIGNS_ERRORS: Record<string, string> = {
  code_requiredField: 'Enter the code.',
  code_wrongField: 'A code is 2 to 40 letters, digits, _ or -.',
  code_taken: 'That code exists already (codes are matched without regard to case): nothing created.',
  prefix_requiredField: 'Enter a prefix for the batch.',
  prefix_wrongField: 'A prefix is 2 to 20 letters or digits.',
  bonus_amount_requiredField:
    'That template has no amount of its own: enter the bonus amount this code grants.',
  bonus_amount_wrongField: 'Enter the bonus as a positive amount, or leave it empty for the template’s.',
  bonus_amount_maxValue: 'That bonus is too large.',
  max_uses_wrongField: 'Max uses is a whole number, 1 or more (empty: no limit).',
  max_uses_maxValue: 'Max uses is too large.',
  per_player_limit_wrongField: 'Uses per player is a whole number, 1 or more.',
  per_player_limit_maxValue: 'Uses per player is 100 at most.',
  new_player_days_wrongField: 'New players: a whole number of days, 1 or more (empty: any player).',
  new_player_days_maxValue: 'New players: 3650 days at most.',
  starts_at_wrongField: 'Give the start as YYYY-MM-DD (UTC).',
  ends_at_wrongField: 'Give the end as YYYY-MM-DD (UTC), after the start.',
  sysname_requiredField: 'Enter a sysname.',
  sysname_wrongField: 'A sysname is 2 to 40 lower-case letters, digits or _.',
  sysname_taken: 'That sysname is taken (a program or a popup has it): nothing created.',
  period_wrongField: 'Choose daily, weekly or monthly.',
  percent_requiredField: 'Enter the percent of net losses.',
  percent_wrongField: 'The percent is a whole number from 1 to 100.',
  percent_maxValue: 'The percent is 100 at most.',
  min_amount_wrongField: 'Enter the minimum as an amount, e.g. 1.00.',
  min_amount_maxValue: 'That minimum is too large.',
  max_amount_wrongField: 'Enter the maximum as a positive amount not below the minimum, or leave it empty.',
  max_amount_maxValue: 'That maximum is too large.',
  payout_wrongField: 'Choose real money or bonus.',
  receiving_days_requiredField: 'Enter the days the player has to claim it.',
  receiving_days_wrongField: 'Days to claim: a whole number from 1 to 90.',
  receiving_days_maxValue: 'Days to claim: 90 at most.',
  audience_wrongField: 'Choose who sees it: everyone, visitors or players.',
  frequency_wrongField: 'Choose how often it shows.',
  pages_wrongField: 'Pages are paths starting with /, separated by spaces or commas.',
  priority_wrongField: 'The priority is a whole number from -1000 to 1000.',
  priority_maxValue: 'The priority is 1000 at most.',
  locales_wrongField: 'Site languages are two-letter codes (e.g. en de), separated by spaces.',
  countries_wrongField: 'Countries are ISO codes of two letters (e.g. GB DE), separated by spaces or commas.',
  segment_id_wrongField: 'Choose one of the shared segments (Players › save a segment as shared).',
  batch_requiredField: 'Choose the batch.',
  batch_notFound: 'That batch has no codes.',
};

/** A popup's priority is refused as a category's order is (`priority_wrongField`): on these pages, in these words. */
export const CAMPAIGNS_FLASH: TFlashMessages = {
  ok: CAMPAIGNS_OK,
  errors: CAMPAIGNS_ERRORS,
  under: '/admin/promotions',
};
