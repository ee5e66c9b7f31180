/** Published by whoever changes the games table (catalogue, back-office); every instance drops its copy. */
export const GAMES_CHANGED = 'games.catalogue_changed';
