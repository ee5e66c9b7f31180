/**
 * The flash messages of a balance adjustment: codes only, never free text. Its amount, direction, key and reason
 * share the shell's messages (a bonus grant and a loyalty points adjustment name them too).
 */
import type { TFlashMessages } from '../../backoffice/index.ts';

export const ADJUSTMENTS_FLASH: TFlashMessages = {
  errors: {
    amount_insufficientFunds: 'Refused: that debit would take the balance below zero. Nothing moved.',
    account_wrongField: 'Choose the main or bonus balance.',
    key_used: 'That form was already used for another adjustment: reload the page and try again.',
  },
};
