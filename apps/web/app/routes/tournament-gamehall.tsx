/** `/tournaments/{id}/gamehall`: the games that count for the tournament, 12 a page (the competitions feature). */
import { type LoaderFunctionArgs, type MetaFunction, useLoaderData } from 'react-router';
import { getTournaments } from '../features/competitions/api/competitions-api';
import { TournamentGamesPage } from '../features/competitions/components/tournament-games-page';
import { tournamentGamesParams } from '../features/competitions/lib/tournament-games';
import type { TGameItem } from '../features/games/api/games-api';
import '../features/games/games.css';
import { tournamentDescription } from '../features/competitions/lib/tournament-meta';
import { pageMeta } from '../features/seo/page-meta';
import { pageTitle } from '../lib/site/page-title';
import { getSite, systemError } from '../lib/site/site.server';

export const loader = async ({ context, params }: LoaderFunctionArgs) => {
  if (!/^\d{1,12}$/.test(params.id ?? '')) throw systemError('not-found-validation', 404);
  const { api } = getSite(context);
  const list = await getTournaments(api, { ids: params.id }).catch(() => ({ items: [], count: 0 }));
  const tournament = list.items[0];
  if (!tournament) throw systemError('not-found', 404);
  const games = await api
    .get<{ items: TGameItem[]; total: number }>('games.get', tournamentGamesParams(tournament, 0))
    .catch(() => ({ items: [] as TGameItem[], total: 0 }));
  return { tournament, items: games.items, total: games.total };
};

export const meta: MetaFunction<typeof loader> = ({ loaderData: data, matches }) => {
  const games = pageTitle(matches, ['competitions.tournament.games', 'Tournament games']);
  const name = data?.tournament.title;
  return pageMeta(matches, {
    title: name ? `${name} | ${games}` : games,
    description: tournamentDescription(matches, name),
  });
};

export default function TournamentGamehallRoute() {
  const data = useLoaderData<typeof loader>();
  return <TournamentGamesPage key={data.tournament.id} {...data} />;
}
