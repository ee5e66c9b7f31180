/** The flash messages of the bonus screens (a player's bonuses, bonus templates): codes only, never free text. */
import type { TFlashMessages } from '../../backoffice/index.ts';

const BONUSES_OK: Record<string, string> = {
  bonus_granted:
    'Bonus granted. It is active now unless the player already had an active bonus (then it waits).',
  bonus_cancelled: 'Bonus cancelled: its money went back to the house.',
  freespins_granted: 'Free spins granted: the player sees them on the slot.',
  template_saved:
    'Template saved. The next bonus granted from it uses these terms; bonuses already granted keep theirs.',
  template_created:
    'Template created. Promo codes, offers and operators may grant from it now (when active).',
  template_copied: 'Template copied, switched off: check its terms, then switch it on.',
  template_retired: 'Template retired: nothing grants from it again; its bonuses keep their terms.',
  wager_cap_saved: 'Wagering cap saved: bonuses granted from now on follow it.',
  wager_cap_removed: 'Jurisdiction removed: its players follow the licence’s cap.',
};

const BONUSES_ERRORS: Record<string, string> = {
  id_excluded: 'Refused: the player is in a time-out or self-exclusion and may receive no bonus.',
  id_notActive: 'Refused: the player is banned or deleted.',
  template_requiredField: 'Choose a bonus template.',
  template_wrongField: 'That bonus template does not exist.',
  template_inactive: 'That template is switched off: switch it on under Promotions first.',
  template_notInSegment: 'That template grants only to its player segment, and this player is not in it.',
  bonus_id_notFound: 'That bonus is not this player’s.',
  bonus_id_notOpen: 'That bonus already ended (completed, cancelled or expired): nothing changed.',
  game_requiredField: 'Choose the slot for the free spins.',
  game_wrongField: 'That game cannot play free spins.',
  count_requiredField: 'Enter how many.',
  count_wrongField: 'Enter a whole number, 1 or more.',
  count_maxValue: 'That is too many (500 spins per pack, 1,000 codes per batch at most).',
  bet_requiredField: 'Enter the stake of each spin.',
  bet_wrongField: 'Enter the stake as an amount, e.g. 0.20.',
  bet_maxValue: 'That stake is too large.',
  bet_outOfRange: 'That stake is outside the slot’s bet range.',
  days_wrongField: 'Enter the days as a whole number, 1 or more.',
  days_maxValue: 'Free spins last 90 days at most.',
  wager_multiplier_requiredField: 'Enter the wagering multiplier.',
  wager_multiplier_wrongField: 'The wagering multiplier is a whole number, 0 or more.',
  wager_multiplier_maxValue:
    'That wagering is above every jurisdiction’s cap (Promotions › Wagering caps; the licence’s is 10× by default, the UK rule).',
  wager_multiplier_minValue:
    'A free bet needs wagering of at least 1× (0× would pay its amount out as cash).',
  min_odds_wrongField: 'Enter the minimum odds as decimal odds, e.g. 1.50, or leave it empty for any odds.',
  min_odds_minValue: 'Decimal odds start at 1.00.',
  min_odds_maxValue: 'That minimum is too high (1000 at most).',
  is_free_bet_wrongField: 'Only a betting template can be a free bet.',
  max_bet_wrongField: 'Enter the max bet as a positive amount, e.g. 5.00, or leave it empty.',
  max_bet_maxValue: 'That max bet is too large.',
  max_conversion_wrongField: 'Enter the max conversion as a positive amount, or leave it empty.',
  max_conversion_maxValue: 'That max conversion is too large.',
  contributions_requiredField: 'Give every game kind a contribution (0 to 100 %).',
  contributions_wrongField: 'Contributions are whole percents from 0 to 100.',
  contributions_maxValue: 'Contributions are whole percents from 0 to 100.',
  games_requiredField: 'Give each per-game override both a game and a percent (or leave the row empty).',
  games_wrongField: 'A per-game override names a game the catalogue does not have: pick it from the list.',
  games_taken: 'A game appears twice among the per-game overrides: keep one row per game.',
  games_maxLength: 'Too many per-game overrides (200 at most).',
  game_percent_wrongField: 'A per-game contribution is a whole percent from 0 to 100.',
  game_percent_maxValue: 'A per-game contribution is 100 % at most.',
  valid_days_requiredField: 'Enter how many days the bonus lasts.',
  valid_days_wrongField: 'A bonus lasts 1 to 365 days.',
  valid_days_maxValue: 'A bonus lasts 365 days at most.',
};

export const BONUSES_FLASH: TFlashMessages = { ok: BONUSES_OK, errors: BONUSES_ERRORS };

/** A template's form (new, copy, edit): codes popups, banners and content pages word their own way. */
export const BONUS_TEMPLATES_FLASH: TFlashMessages = {
  under: '/admin/promotions/templates',
  errors: {
    sysname_requiredField: 'Enter a sysname.',
    sysname_wrongField: 'A sysname is 2 to 60 of a-z, 0-9 and _.',
    sysname_taken: 'That sysname is taken: choose another.',
    type_wrongField: 'Choose casino or betting.',
    title_requiredField: 'Enter the title (English).',
    title_maxLength: 'The title is 120 characters at most.',
    text_maxLength: 'The text is 1,000 characters at most.',
    ends_at_wrongField: 'The end must come after the start.',
    segment_id_wrongField: 'Choose one of the shared segments (Players › save a segment as shared).',
    starts_at_wrongField: 'Enter the start as YYYY-MM-DD (UTC), or leave it empty.',
  },
};

/** The wagering caps per jurisdiction. */
export const WAGERING_FLASH: TFlashMessages = {
  under: '/admin/promotions/wagering',
  errors: {
    jurisdiction_requiredField: 'Enter the jurisdiction’s code.',
    jurisdiction_wrongField:
      'A jurisdiction code is 2 to 40 of a-z, 0-9 and _ (and the licence cannot be removed).',
    jurisdiction_notFound: 'That jurisdiction does not exist.',
    name_requiredField: 'Enter the jurisdiction’s name.',
    name_maxLength: 'The name is 120 characters at most.',
    countries_requiredField: 'List the player countries this jurisdiction covers (ISO codes, e.g. MT).',
    countries_wrongField: 'Countries are ISO codes (two letters, e.g. DE); the licence lists none.',
    max_multiplier_requiredField: 'Enter the cap.',
    max_multiplier_wrongField: 'The cap is a whole number from 0 to 200.',
    max_multiplier_maxValue: 'The cap is 200× at most.',
  },
};
