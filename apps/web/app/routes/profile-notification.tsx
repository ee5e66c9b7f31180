import type { MetaFunction } from 'react-router';
import { NotificationPage } from '../features/profile/components/notification-page';
import { pageTitle } from '../lib/site/page-title';

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, ['pages.titles.notifications', 'Notifications']) },
  { name: 'robots', content: 'noindex' },
];

export default function Route() {
  return <NotificationPage />;
}
