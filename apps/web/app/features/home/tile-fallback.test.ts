/** A broken tile image in the home rows' server HTML gets the fallback image before React hydrates (spec §8). */
import { describe, expect, it, vi } from 'vitest';
import { BREAKPOINT_WIDTHS, FALLBACK_IMAGE, type ImageLoadError } from '../../lib/images';
import { installTileFallback } from './tile-fallback';

/** A fresh document (one listener per document) holding a row's server HTML and an image outside it. */
const page = () => {
  const doc = document.implementation.createHTMLDocument('home');
  doc.body.innerHTML = `
    <div class="game-strip" data-server-html="row-popular">
      <a href="/game/a"><span class="game-thumb"><img src="/_ipx/w_288/a.png" srcset="/_ipx/w_320/a.png 320w" alt=""></span></a>
    </div>
    <img id="elsewhere" src="/logo.png" alt="">`;
  // Still loading (the test environment calls every image complete at once).
  for (const img of doc.querySelectorAll('img'))
    Object.defineProperty(img, 'complete', { value: false, configurable: true });
  const tile = doc.querySelector<HTMLImageElement>('[data-server-html] img') as HTMLImageElement;
  return { doc, tile };
};
const fail = (img: HTMLImageElement) => img.dispatchEvent(new Event('error'));

describe('the home tiles’ image fallback', () => {
  it('swaps a broken tile for the fallback image, then reports it after as many attempts as breakpoints', () => {
    const { doc, tile: img } = page();
    const failed = vi.fn<(error: ImageLoadError) => void>();
    installTileFallback(doc, failed);
    fail(img);
    expect(img.getAttribute('src')).toBe(FALLBACK_IMAGE);
    expect(img.hasAttribute('srcset')).toBe(false);
    for (let attempt = 2; attempt < BREAKPOINT_WIDTHS.length; attempt++) fail(img);
    expect(failed).not.toHaveBeenCalled();
    expect(img.hidden).toBe(false);
    fail(img);
    expect(img.hidden).toBe(true);
    expect(failed).toHaveBeenCalledOnce();
    expect(failed.mock.calls[0]?.[0].src).toBe('/_ipx/w_288/a.png');
  });

  it('leaves images outside the rows alone, and listens once per document', () => {
    const { doc, tile } = page();
    installTileFallback(doc, () => undefined);
    installTileFallback(doc, () => undefined);
    const other = doc.getElementById('elsewhere') as HTMLImageElement;
    fail(other);
    expect(other.getAttribute('src')).toBe('/logo.png');
    fail(tile);
    expect(tile.dataset.fallback).toBe('1');
  });

  it('catches a tile that failed before it was installed', () => {
    const { doc, tile } = page();
    Object.defineProperty(tile, 'complete', { value: true });
    const other = doc.getElementById('elsewhere') as HTMLImageElement;
    Object.defineProperty(other, 'complete', { value: true });
    Object.defineProperty(tile, 'naturalWidth', { value: 0 });
    installTileFallback(doc, () => undefined);
    expect(tile.getAttribute('src')).toBe(FALLBACK_IMAGE);
    expect(other.getAttribute('src')).toBe('/logo.png');
  });
});
