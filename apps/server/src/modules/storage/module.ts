import type { TModule } from '../../platform/context.ts';

export const storageModule: TModule = {
  name: 'storage',
  register() {},
};
