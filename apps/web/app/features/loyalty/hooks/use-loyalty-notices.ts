/**
 * Loyalty notices (§4): fetched on the player's first interaction (click, dblclick, touchstart, touchmove,
 * touchend) and again on every route path change; each is shown once as a timed toast about 300 ms after the
 * fetch, for the configured seconds (default 5), with the sound at volume 0.5 when the operator enables it and the
 * player's sound switch is on.
 */

import type { TLoyaltyConfig } from '@casino/contracts/calls/loyalty';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { reportError } from '../../../lib/error-reporting';
import { type TToastType, toast } from '../../../ui/toasts';
import { fetchNotices, loyaltyKeys, type TNotice } from '../api/loyalty-api';
import { LOYALTY_CONFIG } from '../components/loyalty-ui';

const FIRST_INTERACTION = ['click', 'dblclick', 'touchstart', 'touchmove', 'touchend'] as const;
export const NOTICE_DELAY_MS = 300;

const TOAST_OF: Record<TNotice['trigger'], TToastType> = {
  level_up: 'level',
  quest_completed: 'quest',
  product_bought: 'product',
  points_adjusted: 'info',
};

export const showNotices = (notices: readonly TNotice[], config: TLoyaltyConfig = LOYALTY_CONFIG) => {
  // The operator's sound for notices, when the player's sound switch is on too (features/sound, volume 0.5); its
  // code loads only then, not with every page.
  if (notices.length > 0 && config.notification.sound)
    setTimeout(() => {
      import('../../sound/sounds').then((sounds) => sounds.playSound('notification')).catch(() => undefined);
    }, NOTICE_DELAY_MS);
  for (const notice of notices) {
    toast.show({
      id: `loyalty-${notice.id}`,
      type: TOAST_OF[notice.trigger],
      title: notice.title,
      message: notice.message,
      ...(notice.image ? { image: notice.image } : {}),
      duration: config.notification.duration,
      delay: NOTICE_DELAY_MS,
    });
  }
};

/** Reads the player's new notices and shows them; answers how many. A failure is rethrown (spec §8). */
export const loadNotices = async (config: TLoyaltyConfig = LOYALTY_CONFIG) => {
  const { items } = await fetchNotices();
  if (items.length > 0) showNotices(items, config);
  return items.length;
};

export function useLoyaltyNotices(enabled: boolean, config: TLoyaltyConfig = LOYALTY_CONFIG) {
  const location = useLocation();
  const client = useQueryClient();
  const interacted = useRef(false);
  const load = useRef<() => void>(() => undefined);
  load.current = () => {
    if (!enabled) return;
    // Spec §8: a notice failure is not swallowed; it goes to the error reports (the page itself carries on).
    loadNotices(config)
      .then((shown) => {
        if (shown > 0) void client.invalidateQueries({ queryKey: loyaltyKeys.all });
      })
      .catch(reportError);
  };
  useEffect(() => {
    if (!enabled) return;
    const first = () => {
      if (interacted.current) return;
      interacted.current = true;
      for (const name of FIRST_INTERACTION) window.removeEventListener(name, first);
      load.current();
    };
    for (const name of FIRST_INTERACTION) window.addEventListener(name, first, { passive: true });
    return () => {
      for (const name of FIRST_INTERACTION) window.removeEventListener(name, first);
    };
  }, [enabled]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a path change is the trigger
  useEffect(() => {
    if (interacted.current) load.current();
  }, [location.pathname]);
}
