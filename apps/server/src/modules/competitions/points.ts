/** Points as the API shows them, per scoring rule, and a player's public name (fakename only). */
import type { TTournamentScoring } from '@casino/contracts/calls/competitions';
import { maskName } from '../games/index.ts';

/** wagered / won: minor units → major; multiplier: hundredths → ×; rounds: a count. */
export const pointsOut = (scoring: TTournamentScoring, points: bigint | string | number): number => {
  const n = Number(points);
  return scoring === 'rounds' ? n : n / 100;
};

/** The fakename, else the login masked ("jo***"): a leaderboard never shows who a player is. */
export const publicName = (fakename: string | null, login: string) =>
  fakename && fakename.trim() !== '' ? fakename : maskName(login);

/** The words of a `{locale: text}` object in the locale, else English, else any. */
export const wordsIn = (words: Record<string, string> | null | undefined, locale: string) =>
  words?.[locale] ?? words?.en ?? Object.values(words ?? {})[0] ?? '';
