import { startTransition, useEffect, useState } from 'react';

/** What tells that the player has started to use the page (a scroll of a row counts: scroll is captured). */
const INTERACTIONS = ['scroll', 'wheel', 'touchstart', 'pointerdown', 'keydown'] as const;

/**
 * False until the player first scrolls, touches, clicks or types on the page. The change renders as a transition:
 * what it draws is done in slices between frames, not in one task the scroll would wait for.
 */
export const useFirstInteraction = () => {
  const [started, setStarted] = useState(false);
  useEffect(() => {
    if (started) return;
    const options = { capture: true, passive: true } as const;
    const start = () => startTransition(() => setStarted(true));
    for (const name of INTERACTIONS) window.addEventListener(name, start, options);
    return () => {
      for (const name of INTERACTIONS) window.removeEventListener(name, start, options);
    };
  }, [started]);
  return started;
};
