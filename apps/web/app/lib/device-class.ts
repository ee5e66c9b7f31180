/** Spec §2 device classes by screen width, as a hook; the same widths are CSS breakpoints in app.css. */
import { useSyncExternalStore } from 'react';

export const DEVICE_CLASSES = [
  ['mobile', 0],
  ['tablet', 768],
  ['laptop', 992],
  ['laptopLg', 1280],
  ['desktopSm', 1366],
  ['desktop', 1440],
  ['desktopMd', 1696],
  ['desktopLg', 1920],
] as const;

export type TDeviceClass = (typeof DEVICE_CLASSES)[number][0];

export const deviceClassOf = (width: number): TDeviceClass => {
  let found: TDeviceClass = 'mobile';
  for (const [name, min] of DEVICE_CLASSES) if (width >= min) found = name;
  return found;
};

const subscribe = (notify: () => void) => {
  window.addEventListener('resize', notify);
  return () => window.removeEventListener('resize', notify);
};

/** The server renders for `fallback` (mobile first); the browser answers its real width after hydration. */
export const useDeviceClass = (fallback: TDeviceClass = 'mobile'): TDeviceClass =>
  useSyncExternalStore(
    subscribe,
    () => deviceClassOf(window.innerWidth),
    () => fallback,
  );
