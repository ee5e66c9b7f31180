import { type LoaderFunctionArgs, redirect } from 'react-router';
import { href, paths } from '../config/paths';
import { getSite } from '../lib/site/site.server';

/** Spec §2: `/gamehall/{id}` redirects to `/gamehall?category={id}`. */
export const loader = ({ context, params }: LoaderFunctionArgs) => {
  const site = getSite(context);
  return redirect(
    href(paths.gamehall.category(params.id ?? ''), site.locale, site.locales.defaultLocale),
    301,
  );
};
