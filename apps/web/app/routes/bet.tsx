/** `/bets/{id}`: one of the player's sports bets (a visitor is sent to sign in by the root's access rule). */
import type { TBet } from '@casino/contracts/calls/sportsbook';
import { type LoaderFunctionArgs, type MetaFunction, useLoaderData } from 'react-router';
import { BetPage } from '../features/betting/components/bet-page';
import { pageTitle } from '../lib/site/page-title';
import { getSite, systemError } from '../lib/site/site.server';

export const loader = async ({ context, params }: LoaderFunctionArgs) => {
  const id = Number(params.id);
  if (!Number.isSafeInteger(id) || id < 1) throw systemError('not-found-validation', 404);
  const bets = await getSite(context)
    .api.get<{ items: TBet[] }>('sportsbook.getBets', { id, count: 1 })
    .catch(() => ({ items: [] as TBet[] }));
  return { id, bet: bets.items[0] ?? null };
};

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, ['betting.bets.title', 'My bet']) },
  { name: 'robots', content: 'noindex' },
];

export default function BetRoute() {
  const { id, bet } = useLoaderData<typeof loader>();
  return <BetPage id={id} initial={bet} />;
}
