/** `/loyalty/shop` (the loyalty feature draws it): the products are read here, so the server renders them. */
import { type LoaderFunctionArgs, type MetaFunction, useLoaderData } from 'react-router';
import { ShopPage, type TShopProducts } from '../features/loyalty/components/shop-page';
import { requireFlag } from '../features/profile/lib/guard.server';
import { pageMeta } from '../features/seo/page-meta';
import { metaText, pageTitle } from '../lib/site/page-title';
import { getSite } from '../lib/site/site.server';

/** The loyalty feature switched off (§3 isEnableLoyalty): the page is not there. */
export const loader = async ({ context }: LoaderFunctionArgs) => {
  requireFlag(context, 'isLoyaltyEnable');
  // A failed read leaves the list to the client (which shows what it gets), never a 500 for the page.
  const products = await getSite(context)
    .api.get<TShopProducts>('loyalty.getproducts', { offset: '0', limit: '50' })
    .catch(() => null);
  return { products };
};

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: pageTitle(matches, ['loyalty.shop', 'Loyalty shop']),
    description: metaText(matches, [
      'pages.titles.loyaltyDescription',
      'Earn points with every bet, climb the levels and trade coins for bonuses in the loyalty shop.',
    ]),
  });

export default function LoyaltyShopRoute() {
  const { products } = useLoaderData<typeof loader>();
  return <ShopPage initialProducts={products} />;
}
