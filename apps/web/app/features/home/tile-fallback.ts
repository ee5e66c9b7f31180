/**
 * The home rows' tiles are server HTML that React leaves alone (server-html.ts): no component of theirs catches a
 * broken image. One listener on the document, in the capture phase (an image's error does not bubble), does what the
 * game hall's FallbackImg does (spec §8): a tile image that fails to load retries with the fallback image, and after
 * as many attempts as there are breakpoints the error is emitted and the image hidden. It is installed when the home
 * page's code first runs, before React hydrates; images that failed before that are caught by a sweep.
 */
import { reportError } from '../../lib/error-reporting';
import { ImageLoadError, nextImageSource } from '../../lib/images';

/** The tiles it looks after: the images inside a row's strip. */
export const TILE_IMAGES = '[data-server-html] img';
const INSTALLED = Symbol.for('casino.tileFallback');

/** One failed load of `img`: the next source, or the error once the attempts are spent. */
export const retryTile = (img: HTMLImageElement, onFailed: (error: ImageLoadError) => void = reportError) => {
  const failures = Number(img.dataset.fallback ?? 0) + 1;
  img.dataset.fallback = String(failures);
  if (failures === 1) img.dataset.originalSrc = img.getAttribute('src') ?? '';
  // The fallback is one image for every width: the breakpoints' srcset would keep asking for the broken one.
  img.removeAttribute('srcset');
  img.removeAttribute('sizes');
  const next = nextImageSource(failures);
  if (next === null) {
    img.hidden = true;
    onFailed(new ImageLoadError(img.dataset.originalSrc ?? '', failures));
    return;
  }
  img.src = next;
};

/** Listens on `doc` (once per document) and retries the tiles that already failed. */
export const installTileFallback = (doc: Document, onFailed?: (error: ImageLoadError) => void) => {
  const marked = doc as Document & { [INSTALLED]?: boolean };
  if (marked[INSTALLED]) return;
  marked[INSTALLED] = true;
  doc.addEventListener(
    'error',
    (event) => {
      const target = event.target;
      if (target instanceof HTMLImageElement && target.matches(TILE_IMAGES)) retryTile(target, onFailed);
    },
    true,
  );
  for (const img of doc.querySelectorAll<HTMLImageElement>(TILE_IMAGES))
    if (img.complete && img.naturalWidth === 0 && img.getAttribute('src')) retryTile(img, onFailed);
};
