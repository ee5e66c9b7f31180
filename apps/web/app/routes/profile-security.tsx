import type { MetaFunction } from 'react-router';
import { SecurityPage } from '../features/profile/components/security-page';

export const meta: MetaFunction = () => [
  { title: 'Security | Casino' },
  { name: 'robots', content: 'noindex' },
];

export default function Route() {
  return <SecurityPage />;
}
