/** The index; under an unknown single segment (`/about`) it is that content page (spec §2). */
import { type LoaderFunctionArgs, type MetaFunction, useLoaderData, useRouteLoaderData } from 'react-router';
import { href, paths } from '../config/paths';
import { ContentPage } from '../features/content-page/content-page';
import { loadContentPage } from '../features/content-page/content-page.server';
import { ROW_TEXT_KEYS, sharedGameRows, translateRows } from '../features/home/games';
import { HomePage } from '../features/home/home-page';
import { sharedHomeBlocks } from '../features/home/live-blocks';
import { pageMeta } from '../features/seo/page-meta';
import { brandOf, metaText, seoOf } from '../lib/site/page-title';
import { getSite, loadTexts } from '../lib/site/site.server';
import type { TSiteData } from '../lib/site/types';

export const loader = async ({ params, context }: LoaderFunctionArgs) => {
  const site = getSite(context);
  if (params.lang && params.lang !== site.locale)
    return { kind: 'page' as const, page: await loadContentPage(site, params.lang) };
  const [rows, texts, blocks] = await Promise.all([
    sharedGameRows(site.locale, site.api, (id) =>
      href(paths.gamehall.category(id), site.locale, site.locales.defaultLocale),
    ),
    loadTexts(site, ROW_TEXT_KEYS),
    sharedHomeBlocks(site.locale, site.api),
  ]);
  return { kind: 'home' as const, ...translateRows(rows, texts), blocks, now: Date.now() };
};

/**
 * The home page's title and description are the operator's SEO defaults (spec §3 `seo.default`, per domain) when set,
 * else the site's words in the page's locale; Open Graph repeats them.
 */
export const meta: MetaFunction<typeof loader> = ({ loaderData: data, matches }) => {
  const brand = brandOf(matches);
  if (data?.kind === 'page')
    return pageMeta(matches, { title: `${data.page.title} | ${brand}`, description: data.page.description });
  const seo = seoOf(matches);
  const title =
    seo?.title ||
    `${brand} — ${metaText(matches, ['pages.titles.home', 'online casino and sports betting'])}`;
  const description =
    seo?.description ||
    metaText(matches, [
      'pages.titles.homeDescription',
      'Slots, live casino and sports betting with fast payouts, fair games and 24/7 support.',
    ]);
  return pageMeta(matches, { id: 'home', title, description });
};

export default function Home() {
  const data = useLoaderData<typeof loader>();
  const site = useRouteLoaderData('root') as TSiteData | undefined;
  if (data.kind === 'page') return <ContentPage page={data.page} />;
  return (
    <HomePage
      banners={site?.cms.banners ?? []}
      rows={data.rows}
      emptyText={data.emptyText}
      blocks={data.blocks}
      now={data.now}
    />
  );
}
