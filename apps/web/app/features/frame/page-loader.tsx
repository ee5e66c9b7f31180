/**
 * The page loader: while a navigation waits for the next page's data (longer than a blink), a bar across the top and
 * the site's loader badge (the operator's logo, the percent when `showPercentProgress` is on; spec §3 `loader`).
 */
import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router';
import { useTranslation } from '../../lib/i18n-lite';
import { Loader, useLoadProgress } from '../../ui/loader';
import { useSite } from './use-site';

/** A navigation quicker than this shows no loader. */
export const PAGE_LOADER_DELAY_MS = 300;

export function PageLoader() {
  const { t } = useTranslation();
  const config = useSite()?.cms?.loader;
  const loading = useNavigation().state === 'loading';
  const [shown, setShown] = useState(false);
  useEffect(() => {
    setShown(false);
    if (!loading) return;
    const timer = setTimeout(() => setShown(true), PAGE_LOADER_DELAY_MS);
    return () => clearTimeout(timer);
  }, [loading]);
  const progress = useLoadProgress(loading);
  if (!shown) return null;
  // The bar runs along the top on a track of the accent's contrast colour, so that it shows over anything there, the
  // demo's amber strip too; the badge waits in the middle of the screen, clear of the header and the phone's nav.
  return (
    <div className="pointer-events-none fixed inset-0 z-[60]" data-testid="page-loader">
      <div className="h-1 bg-[var(--accent-contrast)] py-px" data-testid="page-loader-track">
        <div
          className="h-full bg-[var(--accent)] transition-[width] duration-100"
          data-testid="page-loader-bar"
          style={{ width: `${Math.max(progress, 5)}%` }}
        />
      </div>
      <div className="absolute inset-x-0 top-1/2 mx-auto w-fit -translate-y-1/2 rounded-xl bg-[var(--surface)] px-4 py-3 shadow-lg">
        <Loader
          config={config}
          progress={progress}
          label={t('common.labels.loading', { defaultValue: 'Loading…' })}
          className="[&_.spinner]:size-6"
        />
      </div>
    </div>
  );
}
