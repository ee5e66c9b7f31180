/** `/responsible-game`: the public safer-gambling page (features/safer-gambling). */
import type { MetaFunction } from 'react-router';
import { SaferGamblingPage } from '../features/safer-gambling/safer-gambling-page';
import { pageMeta } from '../features/seo/page-meta';
import { metaText, pageTitle } from '../lib/site/page-title';

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    id: 'responsible-game',
    title: pageTitle(matches, ['support.safer.title', 'Safer gambling']),
    description: metaText(matches, [
      'support.safer.description',
      'Deposit limits, self-exclusion, a self-assessment and help organisations for safer gambling.',
    ]),
  });

export default function ResponsibleGameRoute() {
  return <SaferGamblingPage />;
}
