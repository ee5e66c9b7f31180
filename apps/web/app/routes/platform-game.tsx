/**
 * The game play path `/platform/game/{sysname or custom/{x}}/{mode}` (spec §2): the bare game for an
 * iframe, no header. Mode defaults to play (real for a player, demo for a visitor); `demo` forces demo.
 */
import { type LoaderFunctionArgs, type MetaFunction, useLoaderData } from 'react-router';
import { GamePage } from '../features/games/components/game-page';
import '../features/games/games.css';
import { loadGameView } from '../features/games/lib/game-info.server';
import { parsePlayPath } from '../features/games/lib/play-path';
import { brandOf, metaText } from '../lib/site/page-title';
import { getSite, systemError } from '../lib/site/site.server';

export const loader = async ({ params, context }: LoaderFunctionArgs) => {
  const parsed = parsePlayPath(params['*'] ?? '');
  if (!parsed) throw systemError('not-found-validation', 404);
  const site = getSite(context);
  // Spec §8: a game that cannot be loaded (the API failing, not an unknown game) shows the errors-slot page.
  const game = await loadGameView(site.api, parsed.sysname, site.locale).catch(() => {
    throw systemError('errors-slot', 503);
  });
  if (!game) throw systemError('not-found', 404);
  return { game, mode: parsed.mode === 'demo' || !site.account ? 'demo' : 'real' } as const;
};

export const meta: MetaFunction<typeof loader> = ({ loaderData: data, matches }) => [
  { title: `${data?.game.name ?? metaText(matches, ['pages.titles.game', 'Game'])} | ${brandOf(matches)}` },
  { name: 'robots', content: 'noindex' },
];

export default function PlatformGameRoute() {
  const { game, mode } = useLoaderData<typeof loader>();
  return (
    <div className="min-h-dvh p-1 sm:p-2">
      <GamePage game={game} initialMode={mode} fullscreen="none" bare />
    </div>
  );
}
