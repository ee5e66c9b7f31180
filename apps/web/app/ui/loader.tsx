/**
 * The site's loader (spec §3 site config `loader`): the operator's logo over a spinner and, with
 * `showPercentProgress`, how far the load has come in percent. A route's data or a game's code does not report its
 * progress, so the figure is estimated from the time taken: it eases towards 90 % and the loader goes at the end.
 */
import { useEffect, useState } from 'react';
import type { TLoaderConfig } from '../lib/site/types';

/** Percent after `ms` of a load that has not ended: quick at first, never past 90 before the end. */
export const estimatedProgress = (ms: number) =>
  Math.min(90, Math.max(0, Math.round(90 * (1 - Math.exp(-ms / 1500)))));

/** The estimated percent of a load that runs while `loading` is true (0 when it is not). */
export const useLoadProgress = (loading: boolean) => {
  const [progress, setProgress] = useState(0);
  useEffect(() => {
    setProgress(0);
    if (!loading) return;
    const started = Date.now();
    const timer = setInterval(() => setProgress(estimatedProgress(Date.now() - started)), 100);
    return () => clearInterval(timer);
  }, [loading]);
  return progress;
};

export function Loader({
  config,
  progress,
  label,
  className = '',
}: {
  config: TLoaderConfig | undefined;
  progress: number;
  /** What loads, for screen readers ("Loading…"). */
  label: string;
  className?: string;
}) {
  const showPercent = config?.showPercentProgress === true;
  return (
    <div
      className={`flex flex-col items-center justify-center gap-3 ${className}`}
      role="progressbar"
      aria-busy="true"
      aria-label={label}
      {...(showPercent && { 'aria-valuemin': 0, 'aria-valuemax': 100, 'aria-valuenow': progress })}
      data-testid="loader"
    >
      {config?.logo ? (
        <img src={config.logo} alt={config.logoAlt} className="h-10 w-auto" data-testid="loader-logo" />
      ) : null}
      <span className="spinner size-10" aria-hidden="true" />
      {showPercent && (
        <span
          dir="ltr"
          className="text-sm font-bold tabular-nums text-[var(--text-muted)]"
          data-testid="loader-percent"
        >
          {progress}%
        </span>
      )}
    </div>
  );
}
