import type { MetaFunction } from 'react-router';
import { UnsubscribePage } from '../features/profile/components/unsubscribe-page';

export const meta: MetaFunction = () => [
  { title: 'Unsubscribe | Casino' },
  { name: 'robots', content: 'noindex' },
];

export default function Route() {
  return <UnsubscribePage />;
}
