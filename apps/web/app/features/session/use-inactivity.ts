/** Runs the inactivity timer for a signed-in player; the warning lives in the 'interactivity-warning' place. */
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { dialogStore, fillDialogPlace, openDialogPlace } from '../../ui/dialogs';
import { createInactivityTimer } from './inactivity-timer';
import { logout, onLogout } from './logout';

fillDialogPlace('interactivity-warning', () => import('./inactivity-warning'));

const ACTIVITY_EVENTS = ['keydown', 'click', 'scroll'] as const;
let resetCurrent: (() => void) | undefined;

export const useInactivityLogout = (seconds: number, signedIn: boolean, indexHref: string) => {
  const location = useLocation();

  useEffect(() => {
    if (!signedIn || seconds <= 0) return;
    let warningId: string | null = null;
    const closeWarning = () => {
      if (warningId) dialogStore.close(warningId);
      warningId = null;
    };
    const timer = createInactivityTimer(seconds, {
      onWarn: (deadline) => {
        warningId = openDialogPlace('interactivity-warning', {
          deadline,
          onStay: () => timer.reset(),
          onLogout: () => void logout(indexHref),
        });
      },
      onReset: closeWarning,
      onTimeout: () => {
        closeWarning();
        void logout(indexHref);
      },
    });
    const reset = () => timer.reset();
    resetCurrent = reset;
    for (const name of ACTIVITY_EVENTS)
      window.addEventListener(name, reset, { passive: true, capture: true });
    timer.start();
    const unregister = onLogout(() => timer.stop());
    return () => {
      timer.stop();
      closeWarning();
      unregister();
      resetCurrent = undefined;
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, reset, { capture: true });
    };
  }, [seconds, signedIn, indexHref]);

  // A route change counts as activity.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each new location on purpose
  useEffect(() => {
    resetCurrent?.();
  }, [location.key]);
};
