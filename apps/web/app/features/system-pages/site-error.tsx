/** Every error boundary of the site: forbidden, maintenance and user-blocked stand alone; the rest in the frame. */
import { useRouteError } from 'react-router';
import { Frame } from '../frame/frame';
import { SystemPage, systemPageOf } from './system-page';

const STANDALONE = new Set(['forbidden', 'maintenance', 'user-blocked', 'locales-not-found']);

export function SiteError() {
  const error = useRouteError();
  const page = systemPageOf(error);
  if (STANDALONE.has(page.page)) return <SystemPage page={page.page} message={page.message} standalone />;
  return (
    <Frame>
      <SystemPage page={page.page} message={page.message} />
    </Frame>
  );
}
