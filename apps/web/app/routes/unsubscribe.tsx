import type { MetaFunction } from 'react-router';
import { UnsubscribePage } from '../features/profile/components/unsubscribe-page';
import { pageTitle } from '../lib/site/page-title';

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, ['pages.titles.unsubscribe', 'Unsubscribe']) },
  { name: 'robots', content: 'noindex' },
];

export default function Route() {
  return <UnsubscribePage />;
}
