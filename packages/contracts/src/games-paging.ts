/**
 * Spec §9: default games page constants 18 and 300 — the default page size and the largest page. A module of
 * their own, without zod, so the site's game hall can read them without loading the games calls' schemas.
 */
export const GAMES_PAGE_SIZE = 18;
export const GAMES_MAX_PAGE_SIZE = 300;
