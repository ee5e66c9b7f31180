/** `/promotions` and `/promotions/{id}` (the promotions detail dialog open over the list). */
import type { TData } from '@casino/contracts/call';
import type { ZGetPromotions } from '@casino/contracts/calls/campaigns';
import { type LoaderFunctionArgs, type MetaFunction, useLoaderData } from 'react-router';
import { PromotionsPage } from '../features/bonuses/components/promotions-page';
import { pageMeta } from '../features/seo/page-meta';
import { metaText, pageTitle } from '../lib/site/page-title';
import { getSite, systemError } from '../lib/site/site.server';

export const loader = async ({ context, params }: LoaderFunctionArgs) => {
  const site = getSite(context);
  const promotions = await site.api
    .get<TData<typeof ZGetPromotions>>('campaigns.getpromotions')
    .catch(() => ({ count: 0, items: [] }));
  // Spec §2: a page whose validation fails is 404 'Page Not Found' (an unknown or ended promotion).
  if (params.id !== undefined && !promotions.items.some((p) => p.id === params.id))
    throw systemError('not-found-validation', 404);
  return {
    promotions: promotions.items,
    currency: site.account?.balance.currency || 'USD',
    openId: params.id,
  };
};

export const meta: MetaFunction<typeof loader> = ({ loaderData: data, matches }) => {
  const list = pageTitle(matches, ['pages.titles.promotions', 'Promotions']);
  // A promotion's own page (/promotions/{id}) shares its title, terms text and banner.
  const open = data?.openId ? data.promotions.find((p) => p.id === data.openId) : undefined;
  return pageMeta(
    matches,
    open
      ? { title: `${open.title} | ${list}`, description: open.text, image: open.image }
      : {
          id: 'promotions',
          title: list,
          description: metaText(matches, [
            'pages.titles.promotionsDescription',
            'Welcome bonuses, deposit offers, free spins and promo codes, each with its full terms.',
          ]),
        },
  );
};

export default function PromotionsRoute() {
  const { promotions, currency, openId } = useLoaderData<typeof loader>();
  return <PromotionsPage promotions={promotions} currency={currency} openId={openId} />;
}
