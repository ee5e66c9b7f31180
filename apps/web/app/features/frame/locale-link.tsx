/** A link to a `paths` entry under the current locale. */
import { Link, type LinkProps, NavLink, type NavLinkProps } from 'react-router';
import { useLocaleHref } from './use-site';

export function LocaleLink({ to, ...props }: Omit<LinkProps, 'to'> & { to: string }) {
  const localeHref = useLocaleHref();
  return <Link to={localeHref(to)} {...props} />;
}

export function LocaleNavLink({ to, ...props }: Omit<NavLinkProps, 'to'> & { to: string }) {
  const localeHref = useLocaleHref();
  return <NavLink to={localeHref(to)} {...props} />;
}
