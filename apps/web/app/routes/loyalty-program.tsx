/** `/loyalty/{sysname}`: one loyalty program (the loyalty feature draws it). */
import { type LoaderFunctionArgs, type MetaFunction, useParams } from 'react-router';
import { ProgramPage } from '../features/loyalty/components/program-page';
import { requireFlag } from '../features/profile/lib/guard.server';
import { pageTitle } from '../lib/site/page-title';
import { systemError } from '../lib/site/site.server';

export const loader = ({ params, context }: LoaderFunctionArgs) => {
  requireFlag(context, 'isLoyaltyEnable');
  if (!/^[a-z0-9][a-z0-9_-]{0,63}$/.test(params.sysname ?? ''))
    throw systemError('not-found-validation', 404);
  return null;
};

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, ['loyalty.title', 'Loyalty programme']) },
];

export default function LoyaltyProgramRoute() {
  return <ProgramPage sysname={useParams().sysname ?? ''} />;
}
