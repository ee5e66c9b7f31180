/**
 * Runs what the visitor consented to (features/integrations/background.tsx): the analytics tags of the ids that
 * are set, the player's identity in each, the customer-data platform sender and the performance beacon.
 */
import { analyticsUid, onAnalyticsEvent, type TAnalyticsEvent, track } from '../../lib/analytics';
import type { TConsent } from '../../lib/consent';
import type { TIntegrations } from '../../lib/site/types';
import { createCdpSender } from './cdp-sender';
import { TAGS, tagsToLoad } from './tags';
import { startVitals } from './vitals';

export interface TRunnerDeps {
  // biome-ignore lint/suspicious/noExplicitAny: the vendors' globals are untyped
  window: any;
  loadScript: (src: string) => Promise<void>;
  path: () => string;
  /** The player's deposits so far (cashier.gethistory count), to tell a first deposit. */
  depositCount?: () => Promise<number>;
}

const anonymousId = (w: Window) => {
  try {
    let id = w.localStorage.getItem('analytics-anonymous-id');
    if (!id) {
      id = w.crypto.randomUUID();
      w.localStorage.setItem('analytics-anonymous-id', id);
    }
    return id;
  } catch {
    return 'unknown';
  }
};

export const createAnalyticsRunner = (integrations: TIntegrations, deps: TRunnerDeps) => {
  const loaded = new Set<string>();
  let sender: ReturnType<typeof createCdpSender> | null = null;
  /** Events from before the consent to the CDP: sent once it is given (bounded). */
  const waiting: TAnalyticsEvent[] = [];
  let vitalsStarted = false;

  const identifyAll = (uid: number) => {
    for (const tag of TAGS)
      if (loaded.has(tag.id))
        try {
          tag.identify(deps.window, integrations.analytics[tag.id], uid);
        } catch (error) {
          console.warn(`analytics ${tag.id}: identify failed`, error);
        }
  };

  const stop = onAnalyticsEvent((event) => {
    if (sender) sender.push(event);
    else if (integrations.cdp.target && waiting.length < 100) waiting.push(event);
    if (event.event === 'identify' || event.event === 'anonymise') identifyAll(analyticsUid());
    if (event.event === 'deposit' && deps.depositCount)
      void deps
        .depositCount()
        .then((count) => count === 1 && track('firstDeposit', event.params))
        .catch(() => {});
  });

  const apply = (consent: TConsent | null) => {
    for (const tag of tagsToLoad(integrations.analytics, consent, loaded)) {
      loaded.add(tag.id);
      const src = tag.install(deps.window, integrations.analytics[tag.id]);
      void deps
        .loadScript(src)
        .catch((error: unknown) => console.warn(`analytics ${tag.id} not loaded`, error));
      if (analyticsUid() > 0) tag.identify(deps.window, integrations.analytics[tag.id], analyticsUid());
    }
    const { cdp } = integrations;
    if (consent?.marketing && cdp.target && !sender) {
      const created = createCdpSender(cdp, {
        fetch: (url, init) => deps.window.fetch(url, init),
        sendBeacon: (url, body) => deps.window.navigator.sendBeacon?.(url, body) ?? false,
        setTimeout: (run, ms) => deps.window.setTimeout(run, ms),
        anonymousId: anonymousId(deps.window),
      });
      sender = created;
      for (const event of waiting.splice(0)) created.push(event);
      deps.window.addEventListener('pagehide', () => created.flushByBeacon());
    }
    if (consent?.analytics && integrations.performanceMonitoringUrl && !vitalsStarted) {
      vitalsStarted = true;
      startVitals({
        url: integrations.performanceMonitoringUrl,
        sendBeacon: (url, body) => deps.window.navigator.sendBeacon?.(url, body) ?? false,
        window: deps.window,
        path: deps.path,
      });
    }
  };

  return { apply, loaded, stop };
};
