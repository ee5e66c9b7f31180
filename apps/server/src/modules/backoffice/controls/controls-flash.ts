/** The flash messages of the money actions' controls: confirmation, limits, approvals (codes only). */
import type { TFlashMessages } from '../flash.ts';

export const CONTROLS_FLASH: TFlashMessages = {
  ok: {
    approval_requested:
      'Over your limit: the request waits on the Approvals page for a second operator. Nothing has moved yet.',
    approval_approved: 'Approved: the action ran once.',
    approval_rejected: 'Rejected: nothing moved.',
    limits_saved: 'Limits saved.',
  },
  errors: {
    approval_ownRequest: 'You asked for this one: a second operator must decide it.',
    approval_noCover: 'Your role’s limit does not cover this amount (or your role may not do this action).',
    approval_notPending: 'That request is already decided: nothing changed.',
  },
};
