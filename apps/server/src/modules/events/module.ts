import type { TModule } from '../../platform/context.ts';

export const eventsModule: TModule = {
  name: 'events',
  register() {},
};
