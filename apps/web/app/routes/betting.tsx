/** `/betting`: the sportsbook (the betting feature draws it). */
import type { TEventItem } from '@casino/contracts/calls/sportsbook';
import { type LoaderFunctionArgs, type MetaFunction, useLoaderData } from 'react-router';
import { BettingPage, type TBettingData } from '../features/betting/components/betting-page';
import { pageMeta } from '../features/seo/page-meta';
import { metaText, pageTitle } from '../lib/site/page-title';
import { getSite } from '../lib/site/site.server';

type TList = { items: TEventItem[] };

export const loader = async ({ context }: LoaderFunctionArgs): Promise<TBettingData> => {
  const { api } = getSite(context);
  const [sports, live, upcoming] = await Promise.all([
    api.get<{ items: TBettingData['sports'] }>('sportsbook.getSports').catch(() => ({ items: [] })),
    api.get<TList>('sportsbook.getEvents', { status: 'live', count: 50 }).catch(() => ({ items: [] })),
    api.get<TList>('sportsbook.getEvents', { status: 'prematch', count: 50 }).catch(() => ({ items: [] })),
  ]);
  return { sports: sports.items, live: live.items, upcoming: upcoming.items };
};

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    id: 'betting',
    title: pageTitle(matches, ['betting.title', 'Sports betting']),
    description: metaText(matches, [
      'betting.description',
      'Live and pre-match betting on football, ice hockey, basketball and tennis, with cash-out.',
    ]),
  });

export default function BettingRoute() {
  return <BettingPage data={useLoaderData<typeof loader>()} />;
}
