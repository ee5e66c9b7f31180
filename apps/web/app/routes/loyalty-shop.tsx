/** `/loyalty/shop` (the loyalty feature draws it). */
import type { LoaderFunctionArgs, MetaFunction } from 'react-router';
import { ShopPage } from '../features/loyalty/components/shop-page';
import { requireFlag } from '../features/profile/lib/guard.server';
import { pageTitle } from '../lib/site/page-title';

/** The loyalty feature switched off (§3 isEnableLoyalty): the page is not there. */
export const loader = ({ context }: LoaderFunctionArgs) => requireFlag(context, 'isLoyaltyEnable');

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, ['loyalty.shop', 'Loyalty shop']) },
];

export default function LoyaltyShopRoute() {
  return <ShopPage />;
}
