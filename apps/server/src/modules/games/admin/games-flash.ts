/** The flash messages of the games screens: codes only, never free text. */
import type { TFlashMessages } from '../../backoffice/index.ts';

const GAMES_OK: Record<string, string> = {
  games_saved: 'Saved. The lobby shows it within 10 seconds.',
};

const GAMES_ERRORS: Record<string, string> = {
  game_notFound: 'There is no such game.',
  games_filter: 'That filter names a studio, kind or status that does not exist: showing every game.',
  sysname_notFound: 'There is no such game: nothing changed.',
  hidden_wrongField: 'Choose whether to show or hide the game.',
  contribution_wrongField:
    'The bonus contribution is a whole number from 0 to 100, or empty to let each template decide.',
  eligible_wrongField: 'Choose whether the game feeds the jackpot or not.',
  jackpot_notFound: 'There is no such jackpot: nothing changed.',
  jackpot_otherKinds:
    'That jackpot takes other kinds of game only: change its kinds on the jackpot’s own page first.',
  priority_wrongField: 'Each order is a whole number from 0 to 100000: nothing changed.',
  home_position_wrongField:
    'Each home row is a whole number from 0 to 999, or empty for none: nothing changed.',
  category_notFound: 'A category in the form does not exist (any more): reload the page. Nothing changed.',
  category_wrongField: 'The form did not name each category once: reload the page. Nothing changed.',
};

/** A category's order is refused as a popup's priority is (`priority_wrongField`): on these pages, in these words. */
export const GAMES_FLASH: TFlashMessages = { ok: GAMES_OK, errors: GAMES_ERRORS, under: '/admin/games' };
