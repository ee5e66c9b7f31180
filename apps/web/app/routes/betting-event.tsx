/** `/betting/event/{id}`: one event with every market. An event that is gone shows so (the page answers 200). */
import { type LoaderFunctionArgs, type MetaFunction, useLoaderData } from 'react-router';
import { EventPage, type TEventData } from '../features/betting/components/event-page';
import { pageMeta } from '../features/seo/page-meta';
import { metaText, pageTitle } from '../lib/site/page-title';
import { getSite, systemError } from '../lib/site/site.server';

export const loader = async ({ context, params }: LoaderFunctionArgs) => {
  const id = params.id ?? '';
  if (!/^[\w:.=+-]{1,100}$/.test(id)) throw systemError('not-found-validation', 404);
  const event = await getSite(context)
    .api.get<TEventData>('sportsbook.getEvent', { id })
    .catch(() => null);
  return { id, event };
};

export const meta: MetaFunction<typeof loader> = ({ matches, loaderData: data }) => {
  const betting = pageTitle(matches, ['betting.title', 'Sports betting']);
  const names = data?.event ? data.event.competitors.map((c) => c.name).join(' – ') : '';
  const words = metaText(matches, [
    'betting.eventDescription',
    'Every market of the event, live prices and cash-out.',
  ]);
  return pageMeta(matches, {
    title: names ? `${names} | ${betting}` : betting,
    description: names ? `${names}. ${words}` : words,
  });
};

export default function BettingEventRoute() {
  const { id, event } = useLoaderData<typeof loader>();
  return <EventPage id={id} initial={event} />;
}
