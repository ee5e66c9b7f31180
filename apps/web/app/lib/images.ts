/**
 * Spec §8/§9 images: `srcset` over the breakpoints (xs 320 … xxl 1536, width-only `/_ipx/` renders), and an image
 * that fails to load retries with a fallback image; the error is emitted after as many attempts as there are
 * breakpoints.
 */
export const BREAKPOINTS = { xs: 320, sm: 640, md: 768, lg: 1024, xl: 1280, xxl: 1536 } as const;
export const BREAKPOINT_WIDTHS: readonly number[] = Object.values(BREAKPOINTS);
/** Ours (apps/web/public/images), drawn for any art: a neutral card with a die. */
export const FALLBACK_IMAGE = '/images/fallback.svg';

const IPX = /^(\/_ipx\/)([^/]+)(\/.+)$/;
const SIZE_MODIFIER = /^(s|w|h|resize|width|height)_/;

/** The breakpoint widths of an `/_ipx/` image (its size modifier replaced by `w_<breakpoint>`); else undefined. */
export const breakpointSrcSet = (url: string) => {
  const match = IPX.exec(url);
  if (!match) return undefined;
  const [, prefix, modifiers = '', path] = match;
  const kept = modifiers.split(',').filter((m) => m && !SIZE_MODIFIER.test(m));
  return BREAKPOINT_WIDTHS.map(
    (width) => `${prefix}${[...kept, `w_${width}`].join(',')}${path} ${width}w`,
  ).join(', ');
};

/**
 * After `failures` failed loads: the next source to try (the fallback image, a fresh request each retry), or
 * `null` once the attempts are spent (then the error is emitted).
 */
export const nextImageSource = (failures: number): string | null =>
  failures >= BREAKPOINT_WIDTHS.length
    ? null
    : failures <= 1
      ? FALLBACK_IMAGE
      : `${FALLBACK_IMAGE}?retry=${failures}`;

export class ImageLoadError extends Error {
  readonly src: string;
  readonly attempts: number;
  constructor(src: string, attempts: number) {
    super(`The image ${src} did not load after ${attempts} attempts`);
    this.name = 'ImageLoadError';
    this.src = src;
    this.attempts = attempts;
  }
}
