/** `/tournaments/{id}`: one tournament with its live leaderboard (the competitions feature draws it). */
import { type LoaderFunctionArgs, type MetaFunction, useLoaderData } from 'react-router';
import { getLeaderboard, getTournaments } from '../features/competitions/api/competitions-api';
import { TournamentPage } from '../features/competitions/components/tournament-page';
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
  const board = await getLeaderboard(api, tournament.id).catch(() => ({ items: [], me: null, count: 0 }));
  return { tournament, board, serverNow: Date.now() };
};

export const meta: MetaFunction<typeof loader> = ({ loaderData: data, matches }) => {
  const list = pageTitle(matches, ['competitions.tournaments.title', 'Tournaments']);
  const name = data?.tournament.title;
  return pageMeta(matches, {
    title: name ? `${name} | ${list}` : list,
    description: tournamentDescription(matches, name),
  });
};

export default function TournamentRoute() {
  const data = useLoaderData<typeof loader>();
  return <TournamentPage key={data.tournament.id} {...data} />;
}
