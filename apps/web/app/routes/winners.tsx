/** `/winners`: the live feed of big wins and the top wins of the day, week and month (the competitions feature). */
import { type LoaderFunctionArgs, type MetaFunction, useLoaderData } from 'react-router';
import { getLiveWins, getTopWins, type TWinner } from '../features/competitions/api/competitions-api';
import { WinnersPage } from '../features/competitions/components/winners-page';
import { pageMeta } from '../features/seo/page-meta';
import { metaText, pageTitle } from '../lib/site/page-title';
import { getSite } from '../lib/site/site.server';

export const loader = async ({ context }: LoaderFunctionArgs) => {
  const { api } = getSite(context);
  const none = () => [] as TWinner[];
  const [live, day, week, month] = await Promise.all([
    getLiveWins(api).catch(none),
    getTopWins(api, 'day').catch(none),
    getTopWins(api, 'week').catch(none),
    getTopWins(api, 'month').catch(none),
  ]);
  return { live, top: { day, week, month } };
};

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    id: 'winners',
    title: pageTitle(matches, ['competitions.winners.title', 'Winners']),
    description: metaText(matches, [
      'pages.titles.winnersDescription',
      'The latest big wins, tournament prizes and jackpot drops.',
    ]),
  });

export default function WinnersRoute() {
  const data = useLoaderData<typeof loader>();
  return <WinnersPage live={data.live} top={data.top} />;
}
