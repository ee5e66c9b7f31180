/** The flash messages of the tournaments and jackpots screens: codes only, never free text. */
import type { TFlashMessages } from '../../backoffice/index.ts';

export const COMPETITIONS_FLASH: TFlashMessages = {
  ok: {
    tournament_created: 'Tournament created. The site shows it now.',
    tournament_saved: 'Tournament saved.',
    tournament_cancelled: 'Tournament cancelled: paid entry fees are back on the players’ main balances.',
    jackpot_created: 'Jackpot created: its pools are seeded and running.',
    jackpot_saved: 'Jackpot saved.',
  },
  errors: {
    state_wrongField:
      'Only an open tournament can change or be cancelled: this one is closing, finished or cancelled.',
  },
};
