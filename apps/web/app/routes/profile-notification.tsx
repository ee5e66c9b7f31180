import type { MetaFunction } from 'react-router';
import { NotificationPage } from '../features/profile/components/notification-page';

export const meta: MetaFunction = () => [
  { title: 'Notifications | Casino' },
  { name: 'robots', content: 'noindex' },
];

export default function Route() {
  return <NotificationPage />;
}
