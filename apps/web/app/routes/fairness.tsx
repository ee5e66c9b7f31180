/** `/fairness?round=`: the provably fair verify page (the games feature draws it; it computes in the browser). */
import type { MetaFunction } from 'react-router';
import { VerifyPage } from '../features/games/components/verify-page';
import '../features/games/games.css';

export const meta: MetaFunction = () => [{ title: 'Provably fair | Casino' }];

export default function FairnessRoute() {
  return <VerifyPage />;
}
