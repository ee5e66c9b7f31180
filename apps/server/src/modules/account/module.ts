import type { TModule } from '../../platform/context.ts';

export const accountModule: TModule = {
  name: 'account',
  register() {},
};
