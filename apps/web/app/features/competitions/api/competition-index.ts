/** The running competitions a route needs for its game badges (active tournaments and jackpots), or none. */
import { EMPTY_INDEX, type TCompetitionIndex, toCompetitionIndex } from '../lib/game-badges';
import { getJackpots, getTournaments, type TApiGet } from './competitions-api';

export const loadCompetitionIndex = async (api: TApiGet): Promise<TCompetitionIndex> => {
  const [tournaments, jackpots] = await Promise.all([
    getTournaments(api, { status: 'active', count: 50, fields: 'title,games,restrictions' })
      .then((r) => r.items)
      .catch(() => []),
    getJackpots(api).catch(() => []),
  ]);
  return tournaments.length || jackpots.length ? toCompetitionIndex(tournaments, jackpots) : EMPTY_INDEX;
};
