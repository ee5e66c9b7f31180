/** Spec §8/§9: a failed image retries with the fallback; the error is emitted after as many attempts as breakpoints. */
import { fireEvent, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  BREAKPOINT_WIDTHS,
  breakpointSrcSet,
  FALLBACK_IMAGE,
  type ImageLoadError,
  nextImageSource,
} from '../lib/images';
import { FallbackImg } from './fallback-img';

describe('image breakpoints', () => {
  it('are xs 320 … xxl 1536 in the srcset of an /_ipx/ image, its other modifiers kept', () => {
    expect(BREAKPOINT_WIDTHS).toEqual([320, 640, 768, 1024, 1280, 1536]);
    expect(breakpointSrcSet('/_ipx/f_webp,q_95,s_288x192/games/g.svg')).toBe(
      [320, 640, 768, 1024, 1280, 1536].map((w) => `/_ipx/f_webp,q_95,w_${w}/games/g.svg ${w}w`).join(', '),
    );
    expect(breakpointSrcSet('https://cdn.example.com/g.png')).toBeUndefined();
  });

  it('retry with the fallback until the attempts are spent', () => {
    expect([1, 2, 5, 6].map(nextImageSource)).toEqual([
      FALLBACK_IMAGE,
      `${FALLBACK_IMAGE}?retry=2`,
      `${FALLBACK_IMAGE}?retry=5`,
      null,
    ]);
  });
});

/** Whether the image has finished (loaded or broken) when React mounts; in a browser a fetch is still under way. */
const completeAtMount = (complete: boolean) =>
  vi.spyOn(HTMLImageElement.prototype, 'complete', 'get').mockReturnValue(complete);
afterEach(() => vi.restoreAllMocks());

describe('FallbackImg', () => {
  it('catches an image that failed before hydration', () => {
    completeAtMount(true);
    const { container } = render(<FallbackImg src="/_ipx/s_288x192/x.svg" alt="" onFailed={() => {}} />);
    expect(container.querySelector('img')?.getAttribute('src')).toBe(FALLBACK_IMAGE);
  });

  it('swaps to the fallback on error and emits the error once, after six failed attempts', () => {
    completeAtMount(false);
    const onFailed = vi.fn<(error: ImageLoadError) => void>();
    const { container } = render(
      <FallbackImg src="/_ipx/s_288x192/x.svg" srcSet="/a 320w" sizes="50vw" alt="" onFailed={onFailed} />,
    );
    const img = () => container.querySelector('img');
    expect(img()?.getAttribute('src')).toBe('/_ipx/s_288x192/x.svg');
    fireEvent.error(img() as HTMLImageElement);
    expect(img()?.getAttribute('src')).toBe(FALLBACK_IMAGE);
    expect(img()?.getAttribute('srcset')).toBeNull();
    for (let attempt = 2; attempt <= BREAKPOINT_WIDTHS.length; attempt++) {
      expect(onFailed).not.toHaveBeenCalled();
      fireEvent.error(img() as HTMLImageElement);
    }
    expect(img()).toBeNull();
    expect(onFailed).toHaveBeenCalledTimes(1);
    expect(onFailed.mock.calls[0]?.[0]).toMatchObject({ src: '/_ipx/s_288x192/x.svg', attempts: 6 });
  });
});
