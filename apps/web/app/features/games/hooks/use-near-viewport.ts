import { type RefObject, startTransition, useEffect, useState } from 'react';

/**
 * True once the element shows in the viewport, or, with `lookAhead`, once it is within a screen of it; it stays
 * true (rendered as a transition). Nothing is observed while `enabled` is false. Without IntersectionObserver it
 * is true once enabled.
 */
export const useNearViewport = (
  ref: RefObject<Element | null>,
  { enabled, lookAhead }: { enabled: boolean; lookAhead: boolean },
) => {
  const [near, setNear] = useState(false);
  useEffect(() => {
    if (!enabled || near) return;
    const node = ref.current;
    if (!node || typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) startTransition(() => setNear(true));
      },
      { rootMargin: lookAhead ? '100% 0px' : '0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [enabled, lookAhead, near, ref]);
  return near;
};
