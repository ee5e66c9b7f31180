/** The /_ipx/ route: real images of the requested size and format, bad requests refused with 400. */

import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../test/test-app.ts';
import { IMAGE_SIDES, parseModifiers } from './image-modifiers.ts';
import { cmsImageUrls, createImageService, imageRoots, ipxUrl, warmImages } from './images.ts';

const TILE = 'games/art/games/velvet_table_european_roulette.svg';
let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('/_ipx/', () => {
  it('renders our SVG to a WebP of the requested size, with cache headers', async () => {
    for (const modifiers of [
      'w_288,h_192,f_webp',
      's_288x192,f_webp',
      'resize_288x192,format_webp,quality_80',
    ]) {
      const response = await get(`/_ipx/${modifiers}/${TILE}`);
      expect(response.statusCode, modifiers).toBe(200);
      expect(response.headers['content-type']).toBe('image/webp');
      expect(response.headers['cache-control']).toMatch(/public, max-age=\d+/);
      expect(response.headers.etag).toBeTruthy();
      const meta = await sharp(response.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 288, height: 192 });
    }
  });

  it('answers the URLs the catalogue gives, at density 2 too', async () => {
    const url = ipxUrl(TILE, { width: 576, height: 384 });
    expect(url).toBe(`/_ipx/f_webp,q_95,s_576x384/${TILE}`);
    const meta = await sharp((await get(url)).rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 576, height: 384 });
  });

  it('makes PNG, fits with a background, and defaults to WebP', async () => {
    const png = await get(`/_ipx/f_png,w_128/${TILE}`);
    expect(png.headers['content-type']).toBe('image/png');
    expect(await sharp(png.rawPayload).metadata()).toMatchObject({ format: 'png', width: 128, height: 85 });
    const contained = await get(`/_ipx/f_png,fit_contain,b_ffffff,s_240x240/${TILE}`);
    const { data, info } = await sharp(contained.rawPayload).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([240, 240]);
    expect([...data.subarray(0, 3)]).toEqual([255, 255, 255]); // the top-left corner is background
    const plain = await get(`/_ipx/_/${TILE}`);
    expect(plain.headers['content-type']).toBe('image/webp');
    expect(await sharp(plain.rawPayload).metadata()).toMatchObject({ width: 576, height: 384 });
  });

  it('offers every size the site and the API ask for as it is, at density 1 and 2', () => {
    for (const [w, h] of [
      [288, 192],
      [192, 256],
      [240, 80],
      [320, 180],
      [1200, 480],
      [376, 624],
      [360, 148],
    ] as const)
      for (const side of [w, h, 2 * w, 2 * h].filter((s) => s <= 2048))
        expect(IMAGE_SIDES, String(side)).toContain(side);
    expect(parseModifiers('s_287x191,q_90,f_avif')).toEqual({
      format: 'webp',
      quality: 95,
      width: 288,
      height: 192,
    });
    expect(parseModifiers('w_2047,q_1,f_jpg')).toEqual({ format: 'jpeg', quality: 80, width: 2048 });
  });

  it('answers 304 to a matching ETag', async () => {
    const first = await get(`/_ipx/s_48x32/${TILE}`);
    const again = await get(`/_ipx/s_48x32/${TILE}`, { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it('refuses bad modifiers with 400', async () => {
    for (const modifiers of [
      'w_abc',
      'w_0',
      'w_99999',
      'f_bmp',
      'q_0',
      'q_101',
      'fit_squash',
      's_288',
      's_288x192x3',
      'b_red;',
      'b_ff0000',
      'zoom_2',
      'w_10,w_20',
      'w_10,s_20x20',
      'nonsense',
    ]) {
      const response = await get(`/_ipx/${modifiers}/${TILE}`);
      expect(response.statusCode, modifiers).toBe(400);
      expect(response.body).toMatch(/^Bad image request/);
    }
    expect(() => parseModifiers('w_12,h_34,f_png,q_50,fit_cover,b_fff')).not.toThrow();
  });

  it('serves only image files under content/ or the site public folder', async () => {
    for (const path of [
      'games/games.json',
      'games/art/games/no_such_game.svg',
      '..%2F..%2Fpackage.json',
      'games/../../package.json',
      'locales/en/common.json',
    ]) {
      const response = await get(`/_ipx/w_10/${path}`);
      expect([400, 404], path).toContain(response.statusCode);
    }
    const escaped = await get('/_ipx/w_10/%2E%2E/%2E%2E/apps/server/package.json');
    expect([400, 404]).toContain(escaped.statusCode);
    expect(escaped.body).not.toContain('@casino/server');
  });

  it('warms the cms banner images into the memory cache (what production does at start)', async () => {
    const contentDir = fileURLToPath(new URL('../../../../content/', import.meta.url));
    const urls = await cmsImageUrls(contentDir);
    expect(urls).toContain('/_ipx/f_webp,q_80,s_1200x480/banners/hero-welcome.svg');
    expect(new Set(urls).size).toBe(urls.length);
    const images = createImageService(imageRoots(contentDir));
    expect(await warmImages(images, [...urls, '/_ipx/w_10/banners/not-uploaded.svg'])).toBe(urls.length);
    const [modifiers = '', ...path] = (urls[0] as string).slice('/_ipx/'.length).split('/');
    const first = await images.get(modifiers, path.join('/'));
    expect(await images.get(modifiers, path.join('/'))).toBe(first);
    expect(first.type).toBe('image/webp');
  });
});
