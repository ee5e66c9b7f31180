/** The CRM module: notes, tags and risk flags on players, saved segments; its pages are back-office areas. */
import type { TModule } from '../../platform/context.ts';

export const crmModule: TModule = {
  name: 'crm',
  register() {
    // No routes of its own outside the back-office (admin-areas.ts composes its areas) and no jobs.
  },
};
