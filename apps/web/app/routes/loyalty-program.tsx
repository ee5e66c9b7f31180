/** `/loyalty/{sysname}`: one loyalty program (the loyalty feature draws it). */
import { type LoaderFunctionArgs, type MetaFunction, useParams } from 'react-router';
import { ProgramPage } from '../features/loyalty/components/program-page';
import { requireFlag } from '../features/profile/lib/guard.server';
import { pageMeta } from '../features/seo/page-meta';
import { metaText, pageTitle } from '../lib/site/page-title';
import { systemError } from '../lib/site/site.server';

export const loader = ({ params, context }: LoaderFunctionArgs) => {
  requireFlag(context, 'isLoyaltyEnable');
  if (!/^[a-z0-9][a-z0-9_-]{0,63}$/.test(params.sysname ?? ''))
    throw systemError('not-found-validation', 404);
  return null;
};

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    id: 'loyalty',
    title: pageTitle(matches, ['loyalty.title', 'Loyalty programme']),
    description: metaText(matches, [
      'pages.titles.loyaltyDescription',
      'Earn points with every bet, climb the levels and trade coins for bonuses in the loyalty shop.',
    ]),
  });

export default function LoyaltyProgramRoute() {
  return <ProgramPage sysname={useParams().sysname ?? ''} />;
}
