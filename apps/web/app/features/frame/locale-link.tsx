/**
 * A link to a `paths` entry under the current locale. Its route is discovered on the player's first intent
 * (route-discovery.ts), not while the page hydrates, unless the caller sets `discover`.
 */
import { Link, type LinkProps, NavLink, type NavLinkProps } from 'react-router';
import { linkDiscovery } from './route-discovery';
import { useLocaleHref } from './use-site';

export function LocaleLink({ to, ...props }: Omit<LinkProps, 'to'> & { to: string }) {
  const localeHref = useLocaleHref();
  return <Link {...(props.discover ? {} : linkDiscovery())} to={localeHref(to)} {...props} />;
}

export function LocaleNavLink({ to, ...props }: Omit<NavLinkProps, 'to'> & { to: string }) {
  const localeHref = useLocaleHref();
  return <NavLink {...(props.discover ? {} : linkDiscovery())} to={localeHref(to)} {...props} />;
}
