/** The flash messages of the player's page (a ban, the sessions): codes only, never free text. */
import type { TFlashMessages } from '../../backoffice/index.ts';

export const PLAYERS_FLASH: TFlashMessages = {
  ok: {
    banned: 'Player banned and signed out everywhere.',
    unbanned: 'Ban lifted.',
    sessions_ended: "All the player's sessions are ended.",
  },
  errors: {
    id_deleted: 'The player is deleted: nothing to change.',
  },
};
