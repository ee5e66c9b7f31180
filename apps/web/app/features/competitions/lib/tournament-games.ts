/** The games.get params of a tournament's games: its sysnames, else its studios' games, of its kinds, 12 a page (§9). */
import { TOURNAMENT_GAMES_PAGE_SIZE } from '@casino/contracts/calls/competitions';
import { TILE_FIELDS } from '../../games/api/games-api';
import type { TTournament } from '../api/competitions-api';

export const tournamentGamesParams = (t: TTournament, offset: number) => {
  const params: Record<string, string | number> = {
    offset,
    count: TOURNAMENT_GAMES_PAGE_SIZE,
    fields: TILE_FIELDS.join(','),
  };
  if (t.games?.length) params.sysnames = t.games.join(',');
  else if (t.restrictions?.providers.length) params.providers = t.restrictions.providers.join(',');
  if (!t.games?.length && t.restrictions?.game_kinds.length)
    params.types = t.restrictions.game_kinds.join(',');
  return params;
};
