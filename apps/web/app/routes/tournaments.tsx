/** `/tournaments`: tabs active, future and finished (the competitions feature draws them). */
import { type LoaderFunctionArgs, type MetaFunction, useLoaderData } from 'react-router';
import {
  getTournaments,
  TOURNAMENT_TABS,
  type TTournamentTab,
} from '../features/competitions/api/competitions-api';
import { TournamentsPage } from '../features/competitions/components/tournaments-page';
import { pageMeta } from '../features/seo/page-meta';
import { metaText, pageTitle } from '../lib/site/page-title';
import { getSite } from '../lib/site/site.server';

export const loader = async ({ context, request }: LoaderFunctionArgs) => {
  const asked = new URL(request.url).searchParams.get('status') ?? 'active';
  const tab: TTournamentTab = (TOURNAMENT_TABS as readonly string[]).includes(asked)
    ? (asked as TTournamentTab)
    : 'active';
  const list = await getTournaments(getSite(context).api, { status: tab, count: 48 }).catch(() => ({
    items: [],
    count: 0,
  }));
  return { tab, items: list.items, serverNow: Date.now() };
};

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    id: 'tournaments',
    title: pageTitle(matches, ['competitions.tournaments.title', 'Tournaments']),
    description: metaText(matches, [
      'pages.titles.tournamentsDescription',
      'Casino tournaments with prize pools: play the listed games, collect points and climb the leaderboard.',
    ]),
  });

export default function TournamentsRoute() {
  const data = useLoaderData<typeof loader>();
  return <TournamentsPage tab={data.tab} items={data.items} serverNow={data.serverNow} />;
}
