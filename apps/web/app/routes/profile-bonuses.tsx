import type { MetaFunction } from 'react-router';
import { BonusesPage } from '../features/bonuses/components/bonuses-page';
import { pageTitle } from '../lib/site/page-title';

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, ['pages.titles.bonuses', 'Bonuses']) },
  { name: 'robots', content: 'noindex' },
];

export default function Route() {
  return <BonusesPage />;
}
