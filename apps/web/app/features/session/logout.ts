/** Spec §4 Logout: stop the timer, call logout, then a full reload to the locale index. */

import { anonymise, track } from '../../lib/analytics';
import { api } from '../../lib/api/browser';
import { CALLS } from '../../lib/api/calls';

const stopHandlers = new Set<() => void>();

/** Timers that must stop before logout (the inactivity timer registers itself). */
export const onLogout = (stop: () => void) => {
  stopHandlers.add(stop);
  return () => stopHandlers.delete(stop);
};

export const logout = async (indexHref: string) => {
  for (const stop of stopHandlers) stop();
  try {
    await api.call(CALLS.logout);
    track('logout');
  } catch (error) {
    // Spec §4: a logout failure fires an event and is logged.
    track('logoutFailure', { error_code: error instanceof Error ? error.message : 'unknown' });
    console.warn('logout failed', error);
  }
  anonymise();
  window.location.assign(indexHref);
};
