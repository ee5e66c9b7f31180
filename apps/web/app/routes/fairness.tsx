/** `/fairness?round=`: the provably fair verify page (the games feature draws it; it computes in the browser). */
import type { MetaFunction } from 'react-router';
import { VerifyPage } from '../features/games/components/verify-page';
import '../features/games/games.css';
import { pageMeta } from '../features/seo/page-meta';
import { metaText, pageTitle } from '../lib/site/page-title';

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    id: 'fairness',
    title: pageTitle(matches, ['pages.titles.fairness', 'Provably fair']),
    description: metaText(matches, [
      'pages.titles.fairnessDescription',
      'How every round is provably fair: the server seed hash before play, your client seed, and how to verify a result.',
    ]),
  });

export default function FairnessRoute() {
  return <VerifyPage />;
}
