/**
 * Sumsub's WebSDK in the page (or the verification dialog): loads the vendor script, asks our server for an
 * access token (verification.getAccessToken, bound to `externalActionId` when the flow was opened for one, e.g.
 * a withdrawal), and launches the SDK; it asks for a fresh token when the SDK's expires. The decision comes back
 * to the server through Sumsub's webhook: `onStatusChange` lets the caller ask for the status again.
 */
import { useEffect, useRef, useState } from 'react';
import { api } from '../../../lib/api/browser';
import { useTranslation } from '../../../lib/i18n-lite';
import { useSite } from '../../frame/use-site';
import { PROFILE_CALLS } from '../api/profile-api';
import { loadSumsubWebSdk, SUMSUB_STATUS_EVENTS, type TSnsWebSdkInstance } from '../lib/sumsub-websdk';
import { Button, Notice } from './controls';

export function SumsubVerification({
  externalActionId = '',
  onStatusChange,
}: {
  externalActionId?: string;
  onStatusChange: () => void;
}) {
  const { t } = useTranslation();
  const site = useSite();
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'launched' | 'failed'>('loading');
  const [attempt, setAttempt] = useState(0);
  const changed = useRef(onStatusChange);
  changed.current = onStatusChange;
  const locale = site?.locale ?? 'en';

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt restarts the launch after a failure
  useEffect(() => {
    let cancelled = false;
    let instance: TSnsWebSdkInstance | null = null;
    const token = async () => (await api.call(PROFILE_CALLS.accessToken, { externalActionId })).token;
    setState('loading');
    (async () => {
      const [sdk, accessToken] = await Promise.all([loadSumsubWebSdk(), token()]);
      if (cancelled || !container.current) return;
      let builder = sdk
        .init(accessToken, token)
        .withConf({ lang: locale, theme: 'dark' })
        .withOptions({ addViewportTag: false, adaptIframeHeight: true });
      for (const event of SUMSUB_STATUS_EVENTS) builder = builder.on(event, () => changed.current());
      instance = builder.build();
      instance.launch(container.current);
      setState('launched');
    })().catch(() => {
      if (!cancelled) setState('failed');
    });
    return () => {
      cancelled = true;
      instance?.destroy?.();
    };
  }, [externalActionId, locale, attempt]);

  return (
    <div className="mt-4 flex flex-col gap-3" data-testid="sumsub-verification" data-state={state}>
      {state === 'loading' && (
        <div className="h-64 animate-pulse rounded-2xl bg-[var(--surface)]" aria-busy="true" />
      )}
      {state === 'failed' && (
        <Notice tone="error">
          <span className="flex flex-wrap items-center gap-3">
            {t('profile.verification.sdkFailed', {
              defaultValue: 'The verification service could not be opened. Please try again.',
            })}
            <Button variant="ghost" onClick={() => setAttempt((n) => n + 1)}>
              {t('profile.verification.retry', { defaultValue: 'Try again' })}
            </Button>
          </span>
        </Notice>
      )}
      <div ref={container} id="sumsub-websdk-container" data-testid="sumsub-websdk-container" />
    </div>
  );
}
