/** The flash messages of the reports screen: codes only, never free text. */
import type { TFlashMessages } from '../../backoffice/index.ts';

export const REPORTS_FLASH: TFlashMessages = {
  ok: { recomputed: 'The day is recomputed from the ledger.' },
  errors: { day: 'Give a day as YYYY-MM-DD.' },
};
