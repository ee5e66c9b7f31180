/**
 * For art drawn as a CSS background (the home banners): the URL to draw, probed after mount; one that fails to load
 * is replaced by the fallback image (spec §8), retried, and after as many attempts as there are breakpoints the
 * error is emitted and no art is drawn (the banner's own gradient stays).
 */
import { useEffect, useState } from 'react';
import { reportError } from '../lib/error-reporting';
import { ImageLoadError, nextImageSource } from '../lib/images';

export function useImageFallback(
  url: string | undefined,
  onFailed: (error: ImageLoadError) => void = reportError,
) {
  const [failed, setFailed] = useState({ url, count: 0 });
  const failures = failed.url === url ? failed.count : 0;
  const current = !url ? undefined : failures === 0 ? url : (nextImageSource(failures) ?? undefined);
  useEffect(() => {
    if (!current) return;
    let live = true;
    const probe = new Image();
    probe.onerror = () => {
      if (live) setFailed((f) => ({ url, count: (f.url === url ? f.count : 0) + 1 }));
    };
    probe.src = current;
    return () => {
      live = false;
    };
  }, [current, url]);
  const spent = url !== undefined && failures > 0 && current === undefined;
  // biome-ignore lint/correctness/useExhaustiveDependencies: emitted once when the attempts are spent
  useEffect(() => {
    if (spent && url) onFailed(new ImageLoadError(url, failures));
  }, [spent, url]);
  return current;
}
