import type { MetaFunction } from 'react-router';
import { ConfirmationSuccessPage } from '../features/profile/components/confirmation-page';
import { pageTitle } from '../lib/site/page-title';

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, ['pages.titles.confirmed', 'Confirmed']) },
  { name: 'robots', content: 'noindex' },
];

export default function Route() {
  return <ConfirmationSuccessPage />;
}
