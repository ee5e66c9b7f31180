import type { MetaFunction } from 'react-router';
import { ConfirmationPage } from '../features/profile/components/confirmation-page';

export const meta: MetaFunction = () => [
  { title: 'Confirmation | Casino' },
  { name: 'robots', content: 'noindex' },
];

export default function Route() {
  return <ConfirmationPage />;
}
