import type { TModule } from '../../platform/context.ts';

export const i18nModule: TModule = {
  name: 'i18n',
  register() {},
};
