/** The optional locale prefix: a known locale, or (for a single segment only) a content page slug. */
import { type LoaderFunctionArgs, Outlet } from 'react-router';
import { getSite, systemError } from '../lib/site/site.server';

export const loader = ({ params, request, context }: LoaderFunctionArgs) => {
  const site = getSite(context);
  const lang = params.lang;
  if (lang && !site.locales.locales.some((l) => l.code === lang)) {
    const segments = new URL(request.url).pathname
      .replace(/\.data$/, '')
      .split('/')
      .filter(Boolean);
    if (segments.length > 1) throw systemError('not-found', 404);
  }
  return null;
};

export default function LocaleRoute() {
  return <Outlet />;
}

export { SiteError as ErrorBoundary } from '../features/system-pages/site-error';
