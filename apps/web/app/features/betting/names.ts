/**
 * Sport names in the page's language. Market and outcome names come from the API in the request's locale (the
 * feed's market descriptions, the book's own names where none describes a market); team names as the feed has them.
 */

type TT = (key: string, options?: Record<string, unknown>) => string;

export const sportLabel = (t: TT, sport: string, fallback: string) =>
  t(`betting.sports.${sport}`, { defaultValue: fallback });
