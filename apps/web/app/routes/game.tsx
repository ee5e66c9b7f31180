/** `/game/{sysname}` in the game layout: the games feature's game page (`?mode=demo|real`). */
import { type LoaderFunctionArgs, type MetaFunction, useLoaderData } from 'react-router';
import { GamePage } from '../features/games/components/game-page';
import '../features/games/games.css';
import { loadFullscreenVisibility, loadGameView } from '../features/games/lib/game-info.server';
import { getSite, systemError } from '../lib/site/site.server';

export const loader = async ({ params, request, context }: LoaderFunctionArgs) => {
  const sysname = params.sysname ?? '';
  if (!/^[\w-]+$/.test(sysname)) throw systemError('not-found-validation', 404);
  const site = getSite(context);
  const [game, fullscreen] = await Promise.all([
    loadGameView(site.api, sysname),
    loadFullscreenVisibility(site.api),
  ]);
  if (!game) throw systemError('not-found', 404);
  const asked = new URL(request.url).searchParams.get('mode');
  const mode = asked === 'demo' || !site.account ? 'demo' : 'real';
  return { game, fullscreen, mode } as const;
};

export const meta: MetaFunction<typeof loader> = ({ loaderData: data }) => [
  { title: `${data?.game.name ?? 'Game'} | Casino` },
  {
    name: 'description',
    content: data ? `${data.game.name} by ${data.game.providerName}. RTP ${data.game.rtp}%.` : '',
  },
];

export default function GameRoute() {
  const { game, fullscreen, mode } = useLoaderData<typeof loader>();
  return <GamePage key={game.sysname} game={game} initialMode={mode} fullscreen={fullscreen} />;
}
