import type { LoaderFunctionArgs, MetaFunction } from 'react-router';
import { VerificationPage } from '../features/profile/components/verification-page';
import { requireFlag } from '../features/profile/lib/guard.server';
import { pageTitle } from '../lib/site/page-title';

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, ['pages.titles.verification', 'Identity verification']) },
  { name: 'robots', content: 'noindex' },
];

export const loader = ({ context }: LoaderFunctionArgs) => requireFlag(context, 'isVerificationEnable');

export default function Route() {
  return <VerificationPage />;
}
