import { type LoaderFunctionArgs, type MetaFunction, useLoaderData } from 'react-router';
import { ContentPage } from '../features/content-page/content-page';
import { loadContentPage } from '../features/content-page/content-page.server';
import { pageMeta } from '../features/seo/page-meta';
import { brandOf } from '../lib/site/page-title';
import { getSite } from '../lib/site/site.server';

export const loader = async ({ params, context }: LoaderFunctionArgs) =>
  loadContentPage(getSite(context), params.slug ?? '');

export const meta: MetaFunction<typeof loader> = ({ loaderData: data, matches }) =>
  pageMeta(matches, {
    title: data ? `${data.title} | ${brandOf(matches)}` : brandOf(matches),
    description: data?.description,
  });

export default function ContentPageRoute() {
  return <ContentPage page={useLoaderData<typeof loader>()} />;
}
