import { type LoaderFunctionArgs, redirect } from 'react-router';
import { href, paths } from '../config/paths';
import { getSite } from '../lib/site/site.server';

/** Spec §2: `/cashier` redirects to the deposit page. */
export const loader = ({ context, request }: LoaderFunctionArgs) => {
  const site = getSite(context);
  const search = new URL(request.url).search;
  return redirect(`${href(paths.cashier.deposit, site.locale, site.locales.defaultLocale)}${search}`);
};
