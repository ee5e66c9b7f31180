/** `/fairness?round=`: the provably fair verify page (the games feature draws it; it computes in the browser). */
import type { MetaFunction } from 'react-router';
import { VerifyPage } from '../features/games/components/verify-page';
import '../features/games/games.css';
import { pageTitle } from '../lib/site/page-title';

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, ['pages.titles.fairness', 'Provably fair']) },
];

export default function FairnessRoute() {
  return <VerifyPage />;
}
