import type { MetaFunction } from 'react-router';
import { SettingsPage } from '../features/profile/components/settings-page';
import { pageTitle } from '../lib/site/page-title';

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, ['pages.titles.profileSettings', 'Profile settings']) },
  { name: 'robots', content: 'noindex' },
];

export default function Route() {
  return <SettingsPage />;
}
