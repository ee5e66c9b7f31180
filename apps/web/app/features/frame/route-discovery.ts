/**
 * React Router learns the routes of the links on a page ahead of a click ("route discovery": the anchors marked
 * `data-discover` are sent to `/__manifest` when the page hydrates). That request, the browser's first `fetch`
 * and the route patching made the longest task right after hydration (~25 ms of CPU before the 4x mobile
 * factor), for a gain of one round trip on the first click. Here the site's links wait for the player: their
 * anchors carry `data-discover-later`, which becomes `data-discover` on the first sign of intent (pointer,
 * touch, focus, key, scroll) or after DISCOVERY_DELAY_MS — React Router watches that attribute and asks then.
 * A click before that still works: React Router asks for the route when it navigates.
 */
import { useEffect } from 'react';

export const DISCOVER_LATER = 'data-discover-later';
export const DISCOVERY_DELAY_MS = 10_000;
const INTENT_EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown', 'scroll'] as const;

let armed = false;

/** The attributes of a plain anchor for route discovery. */
export const discoverAttributes = () =>
  armed ? { 'data-discover': 'true' as const } : { [DISCOVER_LATER]: '' };

/** The props of a `<Link>` for route discovery (its own `data-discover` waits too). */
export const linkDiscovery = () => (armed ? {} : ({ discover: 'none', [DISCOVER_LATER]: '' } as const));

/** From now on the links are discovered: the ones on the page at once, new ones as they render. */
export const armRouteDiscovery = () => {
  if (armed || typeof document === 'undefined') return;
  armed = true;
  for (const anchor of document.querySelectorAll(`a[${DISCOVER_LATER}]`)) {
    anchor.setAttribute('data-discover', 'true');
    anchor.removeAttribute(DISCOVER_LATER);
  }
};

/** Mounted once (root): arms the discovery on the player's first intent, or after a while. */
export function useRouteDiscoveryOnIntent() {
  useEffect(() => {
    if (armed) return;
    const arm = () => {
      stop();
      armRouteDiscovery();
    };
    const timer = window.setTimeout(arm, DISCOVERY_DELAY_MS);
    const options = { capture: true, passive: true } as const;
    const stop = () => {
      window.clearTimeout(timer);
      for (const type of INTENT_EVENTS) window.removeEventListener(type, arm, options);
    };
    for (const type of INTENT_EVENTS) window.addEventListener(type, arm, options);
    return stop;
  }, []);
}

/** Tests: back to the state of a fresh page. */
export const resetRouteDiscovery = () => {
  armed = false;
};
