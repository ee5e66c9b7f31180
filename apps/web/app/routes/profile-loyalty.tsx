/** `/profile/loyalty` (the loyalty feature draws it inside the profile layout). */
import type { LoaderFunctionArgs, MetaFunction } from 'react-router';
import { ProfileLoyaltyPage } from '../features/loyalty/components/profile-loyalty-page';
import { requireFlag } from '../features/profile/lib/guard.server';
import { pageTitle } from '../lib/site/page-title';

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, ['profile.tabs.loyalty', 'Loyalty']) },
  { name: 'robots', content: 'noindex' },
];

export const loader = ({ context }: LoaderFunctionArgs) => requireFlag(context, 'isLoyaltyEnable');

export default function ProfileLoyaltyRoute() {
  return <ProfileLoyaltyPage />;
}
