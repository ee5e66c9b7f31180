import type { TModule } from '../../platform/context.ts';

export const authModule: TModule = {
  name: 'auth',
  register() {},
};
