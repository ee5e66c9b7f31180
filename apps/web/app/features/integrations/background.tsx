/**
 * What runs once the app has mounted (features/integrations/integrations.tsx): the custom code, the /hit beacon,
 * the player's analytics identity, and — only after the visitor's consent — the analytics tags, the
 * customer-data platform and the performance beacon. The consent banner shows when something needs consent
 * and no choice is stored, or when the footer asks for it.
 */
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { anonymise, identify } from '../../lib/analytics';
import { api } from '../../lib/api/browser';
import { onConsent, onOpenConsentSettings, readConsent } from '../../lib/consent';
import { browserNonce } from '../../lib/csp-nonce';
import { ensureNamespaces } from '../../lib/i18n';
import { useAccount } from '../account/use-account';
import { createAnalyticsRunner } from '../analytics/analytics-runner';
import { needsConsent } from '../analytics/tags';
import { useSite } from '../frame/use-site';
import { injectScript } from '../live-chat/load-script';
import { injectCustomCode } from './custom-code';
import { scheduleHit } from './hit-beacon';

const ConsentBanner = lazy(() =>
  Promise.all([import('../consent/consent-banner'), ensureNamespaces(['consent'])]).then(([m]) => m),
);

export default function Background() {
  const site = useSite();
  const account = useAccount();
  const integrations = site?.cms.integrations;
  const [banner, setBanner] = useState(false);
  // The settings of this page load: what runs at mount runs once (spec §4: when the app mounts).
  const [boot] = useState(() => ({ integrations, seonEnabled: site?.generalInfo.is_seon_enabled === true }));

  useEffect(() => {
    const { integrations, seonEnabled } = boot;
    if (integrations?.customCode.length) injectCustomCode(document, integrations.customCode, browserNonce());
    return scheduleHit(window, { seonEnabled });
  }, [boot]);

  useEffect(() => {
    const { integrations } = boot;
    if (!integrations) return;
    const runner = createAnalyticsRunner(integrations, {
      window,
      loadScript: (src) => injectScript(src),
      path: () => window.location.pathname,
      depositCount: async () =>
        (await api.get<{ count: number }>('cashier.gethistory', { offset: 0, count: 1, type: 'deposit' }))
          .count,
    });
    runner.apply(readConsent());
    const stops = [
      onConsent((consent) => runner.apply(consent)),
      onOpenConsentSettings(() => setBanner(true)),
      runner.stop,
    ];
    if (needsConsent(integrations) && readConsent() === null) setBanner(true);
    return () => {
      for (const stop of stops) stop();
    };
  }, [boot]);

  // Spec §4 Analytics identity: a player who signs in or registers is identified, one who leaves anonymised.
  const uid = account?.uid ?? 0;
  const first = useRef(true);
  useEffect(() => {
    if (uid > 0) identify(uid, first.current);
    else if (!first.current) anonymise();
    first.current = false;
  }, [uid]);

  return banner ? (
    <Suspense fallback={null}>
      <ConsentBanner onClose={() => setBanner(false)} />
    </Suspense>
  ) : null;
}
