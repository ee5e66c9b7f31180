import { type LoaderFunctionArgs, redirect } from 'react-router';
import { href, paths } from '../config/paths';
import { getSite } from '../lib/site/site.server';

/** Spec §2: `/profile` redirects to the settings; `from` and `toastType` travel along. */
export const loader = ({ context, request }: LoaderFunctionArgs) => {
  const site = getSite(context);
  const search = new URL(request.url).search;
  return redirect(`${href(paths.profile.settings, site.locale, site.locales.defaultLocale)}${search}`);
};
