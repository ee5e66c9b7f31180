/** `/providers`: the game studios (the games feature draws them). */
import { type LoaderFunctionArgs, type MetaFunction, useLoaderData } from 'react-router';
import { ProvidersPage } from '../features/games/components/providers-page';
import '../features/games/games.css';
import { providerDescription } from '../features/games/lib/content-text.server';
import { HALL_TYPES } from '../features/games/lib/hall.server';
import { pageMeta } from '../features/seo/page-meta';
import { metaText, pageTitle } from '../lib/site/page-title';
import { getSite } from '../lib/site/site.server';

type TRaw = {
  sysname: string;
  name: string;
  description?: string;
  image_url?: string;
  game_params?: { games_count: number };
};

export const loader = async ({ context }: LoaderFunctionArgs) => {
  const site = getSite(context);
  const list = await site.api
    .get<TRaw[]>('games.getProviders', { fields: 'game_params', types: HALL_TYPES })
    .catch(() => [] as TRaw[]);
  return {
    providers: list.map((p) => ({
      sysname: p.sysname,
      name: p.name,
      description: p.description && providerDescription(p.sysname, p.description, site.locale),
      image_url: p.image_url,
      games_count: p.game_params?.games_count,
    })),
  };
};

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    id: 'providers',
    title: pageTitle(matches, ['pages.titles.providers', 'Providers']),
    description: metaText(matches, [
      'pages.titles.providersDescription',
      'Every game provider of the casino: pick one to see its slots, table and live games.',
    ]),
  });

export default function ProvidersRoute() {
  const { providers } = useLoaderData<typeof loader>();
  return <ProvidersPage providers={providers} />;
}
