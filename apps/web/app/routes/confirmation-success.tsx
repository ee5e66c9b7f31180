import type { MetaFunction } from 'react-router';
import { ConfirmationSuccessPage } from '../features/profile/components/confirmation-page';

export const meta: MetaFunction = () => [
  { title: 'Confirmed | Casino' },
  { name: 'robots', content: 'noindex' },
];

export default function Route() {
  return <ConfirmationSuccessPage />;
}
