/**
 * The seeded categories' names in the player's language. An operator who renamed a category in the
 * back-office keeps their own name: only the seed's English name is translated.
 */
import type { TFunction } from '../../../lib/i18n-lite';

const SEED_NAMES: Record<string, [key: string, english: string]> = {
  popular: ['games.categories.popular', 'Popular'],
  new: ['games.categories.new', 'New'],
  slots: ['games.categories.slots', 'Slots'],
  jackpot: ['games.categories.jackpot', 'Jackpot'],
  table: ['games.categories.table', 'Table games'],
  live: ['games.categories.live', 'Live casino'],
  fast: ['games.categories.fast', 'Fast games'],
  instant: ['games.categories.instant', 'Keno, plinko and hi-lo'],
};

/** Every seeded category's text key (loaded with the home rows' titles). */
export const SEED_CATEGORY_KEYS = Object.values(SEED_NAMES).map(([key]) => key);

/** The text key of a category still named as seeded; null for a renamed or new one (its name is shown as is). */
export const seedCategoryKey = (category: { id: string; name: string }) => {
  const seed = SEED_NAMES[category.id];
  return seed && category.name === seed[1] ? seed[0] : null;
};

export const categoryName = (t: TFunction, category: { id: string; name: string }) => {
  const seed = SEED_NAMES[category.id];
  return seed && category.name === seed[1] ? t(seed[0], { defaultValue: seed[1] }) : category.name;
};
