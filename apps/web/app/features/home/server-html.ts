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
import { useRef, useState, useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * Whether React is hydrating this render: `useSyncExternalStore` answers the server snapshot while hydrating (and
 * on the server), the browser's otherwise. React's own answer, the same on every attempt: a hydration that React
 * throws away part way (an update arriving mid-hydration, a sibling that suspends) and starts again is still a
 * hydration. (Asking the DOM whether React had claimed the element was not: the discarded attempt had claimed it,
 * so the next attempt rendered the live blocks' empty placeholder over the server's blocks, React error #418 in
 * the Telegram and compliance journeys under load; and a boundary the browser renders instead of hydrating, the
 * server's element still in the document, got an empty strip.)
 */
const useHydrating = () =>
  useSyncExternalStore(
    never,
    () => false,
    () => true,
  );

/** Whether the server's element of `id` is in the document (the server's own render has none to keep). */
const serverElementIn = (id: string) =>
  typeof document !== 'undefined' &&
  document.querySelector(`[data-server-html="${CSS.escape(id)}"]`) !== null;

/** `true` while the component still shows the server's HTML for this data (same object as when it hydrated). */
export const useServerHtml = (id: string, data: unknown) => {
  const hydratingNow = useHydrating();
  // Decided when it mounts: after hydration the store's answer turns to the browser's, the decision stays.
  const [hydrating] = useState(() => hydratingNow && serverElementIn(id));
  const hydratedWith = useRef(data);
  return hydrating && hydratedWith.current === data;
};

export const KEEP_SERVER_HTML = { __html: '' } as const;
