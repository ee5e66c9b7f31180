/** The CRM module: notes, tags and risk flags on players, saved segments; its pages are back-office areas. */
import type { TModule } from '../../platform/context.ts';
import { registerAudienceSource } from '../players/index.ts';
import { segmentAudience } from './segment-audience.ts';

export const crmModule: TModule = {
  name: 'crm',
  register() {
    // Its pages are back-office areas (admin-areas.ts composes them); no routes or jobs of its own. Its shared
    // segments are the audiences offers, popups and bonus templates may target (ADR 068).
    registerAudienceSource(segmentAudience());
  },
};
