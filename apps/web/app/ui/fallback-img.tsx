/**
 * An <img> that, when it fails to load, retries with the fallback image (spec §8); after as many attempts as there
 * are breakpoints it emits the error (`onFailed`, by default the error reporter) and shows nothing. An image that
 * failed before hydration (no React handler yet) is caught on mount by its `complete` and zero natural width.
 */
import { type ImgHTMLAttributes, useEffect, useRef, useState } from 'react';
import { reportError } from '../lib/error-reporting';
import { ImageLoadError, nextImageSource } from '../lib/images';

type TProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'onError'> & {
  src: string;
  onFailed?: (error: ImageLoadError) => void;
};

export function FallbackImg({ src, srcSet, sizes, onFailed = reportError, ...rest }: TProps) {
  const [failed, setFailed] = useState({ src, count: 0 });
  const failures = failed.src === src ? failed.count : 0;
  const ref = useRef<HTMLImageElement>(null);
  const current = failures === 0 ? src : nextImageSource(failures);
  const fail = () => setFailed((f) => ({ src, count: (f.src === src ? f.count : 0) + 1 }));
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for a load that failed before hydration
  useEffect(() => {
    const img = ref.current;
    if (img?.complete && img.naturalWidth === 0 && img.getAttribute('src')) fail();
  }, []);
  const spent = current === null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: emitted once when the attempts are spent
  useEffect(() => {
    if (spent) onFailed(new ImageLoadError(src, failures));
  }, [spent, src]);
  if (current === null) return null;
  return (
    // biome-ignore lint/a11y/useAltText: the alt comes with the props
    <img
      ref={ref}
      {...rest}
      src={current}
      srcSet={failures === 0 ? srcSet : undefined}
      sizes={failures === 0 ? sizes : undefined}
      onError={fail}
      data-fallback={failures > 0 ? failures : undefined}
    />
  );
}
