/** The flash messages of the loyalty catalogue: codes only, never free text. */
import type { TFlashMessages } from '../../backoffice/index.ts';

export const CATALOGUE_FLASH: TFlashMessages = {
  errors: {
    stock_wrongField: 'Give the stock as a whole number of units, or leave it empty for unlimited.',
    stock_maxValue: 'That stock is over the limit (1,000,000 units).',
    min_points_firstLevel: 'The first level (at 0 points) is where every player starts: it stays active.',
  },
};
