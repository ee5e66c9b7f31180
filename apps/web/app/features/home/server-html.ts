/**
 * Server HTML that React leaves as it is while the page hydrates. A game strip is forty-odd elements per row
 * (two thirds of the home page's DOM) with nothing to run: links whose clicks the row's one handler takes, and
 * images. Walking them only to attach React to them was the largest part of the home page's hydration.
 *
 * While hydrating, the strip renders an element with an empty `dangerouslySetInnerHTML`: React claims the
 * element and does not look inside, so the server's children stay (React compares inner HTML in development
 * only; `suppressHydrationWarning` quiets it). The strip renders its children with React as soon as its data
 * changes (another locale, a reload of the rows) or when it mounts outside hydration (a client navigation).
 */
import { useRef, useState } from 'react';

/** React's own marker on the DOM nodes it manages. */
const managedByReact = (node: Element) => Object.keys(node).some((key) => key.startsWith('__reactFiber$'));

/** Whether this render hydrates the server's element of `id` (its first render in the browser, over server HTML). */
const hydratingServerElement = (id: string) => {
  if (typeof document === 'undefined') return false;
  const node = document.querySelector(`[data-server-html="${CSS.escape(id)}"]`);
  return node !== null && !managedByReact(node);
};

/** `true` while the component still shows the server's HTML for this data (same object as when it hydrated). */
export const useServerHtml = (id: string, data: unknown) => {
  const [hydrating] = useState(() => hydratingServerElement(id));
  const hydratedWith = useRef(data);
  return hydrating && hydratedWith.current === data;
};

export const KEEP_SERVER_HTML = { __html: '' } as const;
