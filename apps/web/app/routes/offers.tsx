/** `/offers` and `/offers/{id}`: the deposit offers with their full terms (the bonuses feature draws them). */
import type { TData } from '@casino/contracts/call';
import type { ZGetOffers, ZGetPromotions } from '@casino/contracts/calls/campaigns';
import { type LoaderFunctionArgs, type MetaFunction, useLoaderData } from 'react-router';
import { OffersPage } from '../features/bonuses/components/offers-page';
import { pageMeta } from '../features/seo/page-meta';
import { metaText, pageTitle } from '../lib/site/page-title';
import { getSite, systemError } from '../lib/site/site.server';

export const loader = async ({ context, params }: LoaderFunctionArgs) => {
  const site = getSite(context);
  const [offers, promotions] = await Promise.all([
    site.api
      .get<TData<typeof ZGetOffers>>('campaigns.getoffers', {
        offset: 0,
        fields: 'trigger,description,promotions',
      })
      .catch(() => ({ count: 0, items: [] })),
    site.api
      .get<TData<typeof ZGetPromotions>>('campaigns.getpromotions')
      .catch(() => ({ count: 0, items: [] })),
  ]);
  const openId = params.id === undefined ? undefined : Number(params.id);
  // Spec §2: a page whose validation fails is 404 'Page Not Found'.
  if (openId !== undefined && !offers.items.some((o) => o.id === openId))
    throw systemError('not-found-validation', 404);
  const terms = Object.fromEntries(
    promotions.items.filter((p) => p.action.offer_id !== null).map((p) => [p.action.offer_id, p]),
  );
  return { offers: offers.items, terms, currency: site.account?.balance.currency || 'USD', openId };
};

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    id: 'offers',
    title: pageTitle(matches, ['header.nav.offers', 'Offers']),
    description: metaText(matches, [
      'pages.titles.promotionsDescription',
      'Welcome bonuses, deposit offers, free spins and promo codes, each with its full terms.',
    ]),
  });

export default function OffersRoute() {
  const { offers, terms, currency, openId } = useLoaderData<typeof loader>();
  return <OffersPage offers={offers} terms={terms} currency={currency} openId={openId} />;
}
