/** `/game/{sysname}` in the game layout: the games feature's game page (`?mode=demo|real`). */
import { type LoaderFunctionArgs, type MetaFunction, useLoaderData } from 'react-router';
import { loadCompetitionIndex } from '../features/competitions/api/competition-index';
import { GameCompetitionBadges } from '../features/competitions/components/competition-badges';
import { GamePage } from '../features/games/components/game-page';
import '../features/games/games.css';
import { loadFullscreenVisibility, loadGameView } from '../features/games/lib/game-info.server';
import { pageMeta } from '../features/seo/page-meta';
import { brandOf, metaText } from '../lib/site/page-title';
import { getSite, systemError } from '../lib/site/site.server';

export const loader = async ({ params, request, context }: LoaderFunctionArgs) => {
  const sysname = params.sysname ?? '';
  if (!/^[\w-]+$/.test(sysname)) throw systemError('not-found-validation', 404);
  const site = getSite(context);
  // Spec §8: a game that cannot be loaded (the API failing, not an unknown game) shows the errors-slot page.
  const [game, fullscreen, competitions] = await Promise.all([
    loadGameView(site.api, sysname, site.locale),
    loadFullscreenVisibility(site.api),
    loadCompetitionIndex(site.api),
  ]).catch(() => {
    throw systemError('errors-slot', 503);
  });
  if (!game) throw systemError('not-found', 404);
  const asked = new URL(request.url).searchParams.get('mode');
  const mode = asked === 'demo' || !site.account ? 'demo' : 'real';
  return { game, fullscreen, mode, competitions } as const;
};

export const meta: MetaFunction<typeof loader> = ({ loaderData: data, matches }) =>
  pageMeta(matches, {
    title: `${data?.game.name ?? metaText(matches, ['pages.titles.game', 'Game'])} | ${brandOf(matches)}`,
    // The game's own words, else "{game} by {provider}. RTP {rtp}%." in the page's language; its art to share.
    description: data
      ? data.game.description ||
        metaText(matches, ['pages.titles.gameDescription', '{game} by {provider}. RTP {rtp}%.'], {
          game: data.game.name,
          provider: data.game.providerName,
          rtp: String(data.game.rtp),
        })
      : '',
    image: data?.game.imageUrl,
  });

export default function GameRoute() {
  const { game, fullscreen, mode, competitions } = useLoaderData<typeof loader>();
  return (
    <GamePage
      key={game.sysname}
      game={game}
      initialMode={mode}
      fullscreen={fullscreen}
      badges={
        <GameCompetitionBadges
          index={competitions}
          game={{ sysname: game.sysname, provider: game.provider, type: game.type }}
        />
      }
    />
  );
}
