/**
 * Plain `<a href>` links that still navigate inside the app: one delegated click handler for a whole list
 * (the game rows, the footer, the navigation bars) instead of a React Router `<Link>` per anchor. A `<Link>`
 * runs a dozen hooks when it renders; on the home page that was ~70 links hydrating before the page answered.
 * The anchors carry `data-discover` like `<Link>` does, so React Router still learns their routes ahead.
 */
import { type MouseEvent, useCallback } from 'react';
import { useNavigate } from 'react-router';

/** What a `<Link>` leaves to the browser: modified clicks, other buttons, other windows, downloads, other sites. */
export const spaTarget = (event: MouseEvent<HTMLElement>): URL | null => {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return null;
  const anchor = (event.target as Element | null)?.closest?.('a');
  if (!anchor || !event.currentTarget.contains(anchor)) return null;
  if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return null;
  if (anchor.hasAttribute('data-reload')) return null;
  const url = new URL(anchor.href, window.location.href);
  return url.origin === window.location.origin ? url : null;
};

/** The click handler of a container of plain links: same-site anchors navigate in the app. */
export function useSpaClick() {
  const navigate = useNavigate();
  return useCallback(
    (event: MouseEvent<HTMLElement>) => {
      const url = spaTarget(event);
      if (!url) return;
      event.preventDefault();
      const to = `${url.pathname}${url.search}${url.hash}`;
      const here = `${window.location.pathname}${window.location.search}${window.location.hash}`;
      navigate(to, { replace: to === here });
    },
    [navigate],
  );
}

/** NavLink's active rule for a plain anchor: the same path, or (unless `end`) a path below it. */
export const isActivePath = (pathname: string, to: string, end = false) => {
  const path = (to.split(/[?#]/)[0] ?? to).toLowerCase();
  const here = (pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname).toLowerCase();
  const target = path.length > 1 ? path.replace(/\/$/, '') : path;
  if (here === target) return true;
  return !end && target !== '/' && here.startsWith(`${target}/`);
};

/** `className` and `aria-current` as a `<NavLink>` would set them. */
export const navLinkProps = (pathname: string, to: string, className: string, end = false) => {
  const active = isActivePath(pathname, to, end);
  return {
    className: active ? `${className} active` : className,
    'aria-current': active ? ('page' as const) : undefined,
  };
};
