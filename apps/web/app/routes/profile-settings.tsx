import type { MetaFunction } from 'react-router';
import { SettingsPage } from '../features/profile/components/settings-page';

export const meta: MetaFunction = () => [
  { title: 'Profile settings | Casino' },
  { name: 'robots', content: 'noindex' },
];

export default function Route() {
  return <SettingsPage />;
}
