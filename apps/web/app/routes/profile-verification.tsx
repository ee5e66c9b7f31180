import type { LoaderFunctionArgs, MetaFunction } from 'react-router';
import { VerificationPage } from '../features/profile/components/verification-page';
import { requireFlag } from '../features/profile/lib/guard.server';

export const meta: MetaFunction = () => [
  { title: 'Identity verification | Casino' },
  { name: 'robots', content: 'noindex' },
];

export const loader = ({ context }: LoaderFunctionArgs) => requireFlag(context, 'isVerificationEnable');

export default function Route() {
  return <VerificationPage />;
}
