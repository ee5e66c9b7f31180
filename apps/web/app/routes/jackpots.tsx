/** `/jackpots` and `/jackpots/{id}`: pools with ticking amounts and past drops (the competitions feature). */
import { type LoaderFunctionArgs, type MetaFunction, useLoaderData } from 'react-router';
import { getJackpots, getJackpotWinners } from '../features/competitions/api/competitions-api';
import { JackpotsPage } from '../features/competitions/components/jackpots-page';
import { pageMeta } from '../features/seo/page-meta';
import { metaText, pageTitle } from '../lib/site/page-title';
import { getSite, systemError } from '../lib/site/site.server';

export const loader = async ({ context, params }: LoaderFunctionArgs) => {
  if (params.id !== undefined && !/^\d{1,12}$/.test(params.id))
    throw systemError('not-found-validation', 404);
  const id = params.id === undefined ? undefined : Number(params.id);
  const { api } = getSite(context);
  const [jackpots, winners] = await Promise.all([
    getJackpots(api, id).catch(() => []),
    getJackpotWinners(api, id).catch(() => ({ items: [], count: 0 })),
  ]);
  if (id !== undefined && jackpots.length === 0) throw systemError('not-found', 404);
  return { jackpots, winners: winners.items, id };
};

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    id: 'jackpots',
    title: pageTitle(matches, ['competitions.jackpots.title', 'Jackpots']),
    description: metaText(matches, [
      'pages.titles.jackpotsDescription',
      'Progressive jackpots growing with every bet: see the pools and the latest winners.',
    ]),
  });

export default function JackpotsRoute() {
  const data = useLoaderData<typeof loader>();
  return <JackpotsPage key={data.id ?? 'all'} {...data} />;
}
