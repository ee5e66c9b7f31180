import type { MetaFunction } from 'react-router';
import { SecurityPage } from '../features/profile/components/security-page';
import { pageTitle } from '../lib/site/page-title';

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, ['pages.titles.security', 'Security']) },
  { name: 'robots', content: 'noindex' },
];

export default function Route() {
  return <SecurityPage />;
}
