/** The meta description of a tournament's pages (its leaderboard and its games): the tournament's, else the list's. */
import { metaText, type TMatch } from '../../../lib/site/page-title';

export const tournamentDescription = (matches: readonly TMatch[], name: string | undefined) =>
  name
    ? metaText(
        matches,
        [
          'pages.titles.tournamentDescription',
          '{name}: the prize pool, the games that count and the leaderboard.',
        ],
        { name },
      )
    : metaText(matches, [
        'pages.titles.tournamentsDescription',
        'Casino tournaments with prize pools: play the listed games, collect points and climb the leaderboard.',
      ]);
