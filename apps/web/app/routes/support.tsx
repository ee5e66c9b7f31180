/** `/support`: FAQ, contact options with the chat launcher, the feedback form (features/support). */
import type { MetaFunction } from 'react-router';
import { pageMeta } from '../features/seo/page-meta';
import { SupportPage } from '../features/support/components/support-page';
import { metaText, pageTitle } from '../lib/site/page-title';

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    id: 'support',
    title: pageTitle(matches, ['support.page.title', 'Support']),
    description: metaText(matches, [
      'support.page.description',
      'Help with your account, deposits, withdrawals, bonuses and games: answers to common questions and ways to reach our team.',
    ]),
  });

export default function SupportRoute() {
  return <SupportPage />;
}
