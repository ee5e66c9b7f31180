import type { TModule } from '../../platform/context.ts';

export const supportModule: TModule = {
  name: 'support',
  register() {},
};
