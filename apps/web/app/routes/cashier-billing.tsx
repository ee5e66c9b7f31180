import { type LoaderFunctionArgs, redirect } from 'react-router';
import { href, paths } from '../config/paths';
import { getSite } from '../lib/site/site.server';

/** Spec §2 billing rule: to the deposit index, unless the path is the deposit sysname path. */
export const loader = ({ context, params }: LoaderFunctionArgs) => {
  const site = getSite(context);
  const rest = params['*'] ?? '';
  const method = /^deposit\/([^/]+)\/?$/.exec(rest)?.[1];
  const target = method ? paths.cashier.depositMethod(decodeURIComponent(method)) : paths.cashier.deposit;
  return redirect(href(target, site.locale, site.locales.defaultLocale));
};
