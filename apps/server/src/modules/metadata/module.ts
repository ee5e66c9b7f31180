import type { TModule } from '../../platform/context.ts';

export const metadataModule: TModule = {
  name: 'metadata',
  register() {},
};
