/** The flash messages of the withdrawal queue: codes only, never free text. */
import type { TFlashMessages } from '../../backoffice/index.ts';

export const WITHDRAWALS_FLASH: TFlashMessages = {
  ok: {
    approved: 'Withdrawal approved: the money is paid out.',
    declined: "Withdrawal declined: the money is back on the player's main balance.",
  },
  errors: {
    not_pending: 'That withdrawal is already settled (by you or another operator): nothing changed.',
  },
  // The cashier refuses a decision on a settled withdrawal by its kind.
  codeOf: (error) => (error.type === 'WithdrawalDeclinedException' ? 'not_pending' : null),
};
