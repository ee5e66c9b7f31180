import type { MetaFunction } from 'react-router';
import { ConfirmationPage } from '../features/profile/components/confirmation-page';
import { pageTitle } from '../lib/site/page-title';

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, ['pages.titles.confirmation', 'Confirmation']) },
  { name: 'robots', content: 'noindex' },
];

export default function Route() {
  return <ConfirmationPage />;
}
