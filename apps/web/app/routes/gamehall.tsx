/** `/gamehall`: categories or items, `?category=`, `?providers=a,b`, `?page=` (the games feature draws it). */
import { type LoaderFunctionArgs, type MetaFunction, useLoaderData } from 'react-router';
import { GamehallPage, type TGamehallData } from '../features/games/components/gamehall-page';
import '../features/games/games.css';
import { loadGamehall } from '../features/games/lib/hall.server';
import { getSite } from '../lib/site/site.server';

export const loader = async ({ request, context }: LoaderFunctionArgs): Promise<TGamehallData> =>
  loadGamehall(getSite(context).api, new URL(request.url).searchParams);

export const meta: MetaFunction = () => [
  { title: 'Game hall | Casino' },
  {
    name: 'description',
    content: 'Slots, table games, crash and live roulette: browse every game by category and provider.',
  },
];

export default function GamehallRoute() {
  const data = useLoaderData<typeof loader>();
  return <GamehallPage data={data} />;
}
