/**
 * The browser's memory of a time-out or self-exclusion (issue 36): the server sets the rg_pause cookie when one
 * starts and when a call is refused for one (its end in unix seconds, or `permanent`), and while it is in force
 * neither the server (offers, popups, banners, promo codes) nor the site (the cms banners of the home, the menu
 * and the sign-in dialog) markets to that browser. It only ever takes marketing away, so it is not signed.
 */
export const MARKETING_PAUSE_COOKIE = 'rg_pause';
export const PERMANENT_PAUSE = 'permanent';

/** Does the cookie's value hold a pause still in force at `now`? */
export const isPauseInForce = (value: string | undefined, now: Date): boolean => {
  if (value === PERMANENT_PAUSE) return true;
  if (!value || !/^\d{1,12}$/.test(value)) return false;
  return Number(value) * 1000 > now.getTime();
};
