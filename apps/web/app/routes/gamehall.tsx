/** `/gamehall`: categories or items, `?category=`, `?providers=a,b`, `?page=` (the games feature draws it). */
import { useCallback } from 'react';
import { type LoaderFunctionArgs, type MetaFunction, useLoaderData } from 'react-router';
import { loadCompetitionIndex } from '../features/competitions/api/competition-index';
import { TileCompetitionBadges } from '../features/competitions/components/competition-badges';
import type { TGameItem } from '../features/games/api/games-api';
import { GamehallPage } from '../features/games/components/gamehall-page';
import { TileBadgesContext } from '../features/games/components/tile-badges';
import '../features/games/games.css';
import { loadGamehall } from '../features/games/lib/hall.server';
import { pageMeta } from '../features/seo/page-meta';
import { metaText, pageTitle } from '../lib/site/page-title';
import { getSite } from '../lib/site/site.server';

export const loader = async ({ request, context }: LoaderFunctionArgs) => {
  const { api } = getSite(context);
  const [hall, competitions] = await Promise.all([
    loadGamehall(api, new URL(request.url).searchParams),
    loadCompetitionIndex(api),
  ]);
  return { ...hall, competitions };
};

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    id: 'gamehall',
    title: pageTitle(matches, ['pages.titles.gamehall', 'Game hall']),
    description: metaText(matches, [
      'pages.titles.gamehallDescription',
      'Slots, table games, crash and live roulette: browse every game by category and provider.',
    ]),
  });

export default function GamehallRoute() {
  const { competitions, ...data } = useLoaderData<typeof loader>();
  const badges = useCallback(
    (game: TGameItem) => <TileCompetitionBadges index={competitions} game={game} />,
    [competitions],
  );
  return (
    <TileBadgesContext.Provider value={badges}>
      <GamehallPage data={data} />
    </TileBadgesContext.Provider>
  );
}
