/** `/jackpots` and `/jackpots/{id}`: pools with ticking amounts and past drops (the competitions feature). */
import { type LoaderFunctionArgs, type MetaFunction, useLoaderData } from 'react-router';
import { getJackpots, getJackpotWinners } from '../features/competitions/api/competitions-api';
import { JackpotsPage } from '../features/competitions/components/jackpots-page';
import { pageTitle } from '../lib/site/page-title';
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

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, ['competitions.jackpots.title', 'Jackpots']) },
];

export default function JackpotsRoute() {
  const data = useLoaderData<typeof loader>();
  return <JackpotsPage key={data.id ?? 'all'} {...data} />;
}
