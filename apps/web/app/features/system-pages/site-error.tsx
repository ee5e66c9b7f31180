/** Every error boundary of the site: forbidden, maintenance and user-blocked stand alone; the rest in the frame. */
import { useMatches, useRouteError } from 'react-router';
import { brandOf } from '../../lib/site/page-title';
import { Frame } from '../frame/frame';
import { SystemPage, systemPageOf, useSystemPageHeader } from './system-page';

const STANDALONE = new Set(['forbidden', 'maintenance', 'user-blocked', 'locales-not-found']);

export function SiteError() {
  const error = useRouteError();
  const page = systemPageOf(error);
  const header = useSystemPageHeader(page.page, page.message);
  const brand = brandOf(useMatches());
  // No route's meta names an error page: React puts this title in the head (WCAG 2.4.2).
  const title = <title>{`${header} | ${brand}`}</title>;
  if (STANDALONE.has(page.page))
    return (
      <>
        {title}
        <SystemPage page={page.page} message={page.message} standalone />
      </>
    );
  return (
    <Frame>
      {title}
      <SystemPage page={page.page} message={page.message} />
    </Frame>
  );
}
