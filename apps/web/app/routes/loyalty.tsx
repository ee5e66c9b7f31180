/** `/loyalty` (the loyalty feature draws it). */
import type { LoaderFunctionArgs, MetaFunction } from 'react-router';
import { LoyaltyPage } from '../features/loyalty/components/loyalty-page';
import { requireFlag } from '../features/profile/lib/guard.server';
import { pageMeta } from '../features/seo/page-meta';
import { metaText, pageTitle } from '../lib/site/page-title';

/** The loyalty feature switched off (§3 isEnableLoyalty): the page is not there. */
export const loader = ({ context }: LoaderFunctionArgs) => requireFlag(context, 'isLoyaltyEnable');

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    id: 'loyalty',
    title: pageTitle(matches, ['loyalty.title', 'Loyalty programme']),
    description: metaText(matches, [
      'pages.titles.loyaltyDescription',
      'Earn points with every bet, climb the levels and trade coins for bonuses in the loyalty shop.',
    ]),
  });

export default function LoyaltyRoute() {
  return <LoyaltyPage />;
}
