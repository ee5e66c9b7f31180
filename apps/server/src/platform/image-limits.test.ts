/**
 * What keeps /_ipx/ from eating the CPU: requests snap to the sizes, qualities and formats the site uses, renders
 * run IMAGE_RENDER_CONCURRENCY at a time behind a short queue (503 past it), a client's cache misses are limited
 * (IMAGE_RENDERS_PER_MINUTE, 3 here), and a rendered image is kept: asking again renders nothing.
 */
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../test/test-app.ts';

const ART = fileURLToPath(new URL('../../../../content/games/art/games/', import.meta.url));
const TILES = readdirSync(ART)
  .filter((f) => f.endsWith('.svg'))
  .map((f) => `games/art/games/${f}`);

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: { IMAGE_RENDERS_PER_MINUTE: '3', IMAGE_RENDER_CONCURRENCY: '2', IMAGE_RENDER_QUEUE: '16' },
  });
});
afterAll(() => t.close());

/** Counts sharp's encodes (every render ends in one) and the most that ran at once. */
const renders = { started: 0, running: 0, peak: 0 };
const toBuffer = sharp.prototype.toBuffer;
beforeAll(() => {
  sharp.prototype.toBuffer = function (this: sharp.Sharp, ...args: unknown[]) {
    renders.started += 1;
    renders.running += 1;
    renders.peak = Math.max(renders.peak, renders.running);
    const done = () => {
      renders.running -= 1;
    };
    const result = (toBuffer as (...a: unknown[]) => Promise<Buffer>).apply(this, args);
    result.then(done, done);
    return result;
  } as typeof toBuffer;
});
afterAll(() => {
  sharp.prototype.toBuffer = toBuffer;
});
afterEach(() => {
  renders.peak = 0;
});

let client = 0;
/** Each call from a client of its own unless one is given, so the per-client limit stays out of the way. */
const get = (url: string, ip = `10.1.${Math.floor(++client / 250)}.${client % 250}`) =>
  t.app.inject({ method: 'GET', url, remoteAddress: ip });

describe('/_ipx/ limits', () => {
  it('snaps an odd size and quality to the site’s own, and AVIF to WebP', async () => {
    const [tile] = TILES as [string];
    const exact = await get(`/_ipx/f_webp,q_95,s_288x192/${tile}`);
    const startedBefore = renders.started;
    for (const odd of ['f_webp,q_93,s_287x190', 'q_100,s_281x185', 'f_avif,q_94,s_288x192']) {
      const response = await get(`/_ipx/${odd}/${tile}`);
      expect(response.statusCode, odd).toBe(200);
      expect(response.headers['content-type'], odd).toBe('image/webp');
      expect(response.headers.etag, odd).toBe(exact.headers.etag);
    }
    expect(renders.started).toBe(startedBefore);
    const thumb = await get(`/_ipx/q_5,w_10/${tile}`);
    expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 16 });
    const odd = await get(`/_ipx/b_123456,fit_contain,s_96x96/${tile}`);
    expect(odd.statusCode).toBe(400);
  });

  it('renders at most IMAGE_RENDER_CONCURRENCY images at once; past a short queue, 503 with Retry-After', async () => {
    const responses = await Promise.all(TILES.slice(0, 40).map((tile) => get(`/_ipx/s_96x64/${tile}`)));
    expect(renders.peak).toBeGreaterThan(0);
    expect(renders.peak).toBeLessThanOrEqual(2);
    const busy = responses.filter((r) => r.statusCode === 503);
    expect(busy.length).toBeGreaterThan(0);
    for (const r of busy) expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    for (const r of responses.filter((r) => r.statusCode !== 503)) {
      expect(r.statusCode).toBe(200);
      expect(r.headers['content-type']).toBe('image/webp');
    }
  });

  it('answers a client’s misses past IMAGE_RENDERS_PER_MINUTE with 429, while its cached images still come', async () => {
    const ip = '10.9.9.9';
    const [first, ...others] = TILES.slice(60, 65) as [string, ...string[]];
    expect((await get(`/_ipx/s_48x32/${first}`, ip)).statusCode).toBe(200);
    const statuses = [];
    for (const tile of others) statuses.push((await get(`/_ipx/s_48x32/${tile}`, ip)).statusCode);
    expect(statuses).toEqual([200, 200, 429, 429]);
    const limited = await get(`/_ipx/s_48x32/${others[3]}`, ip);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await get(`/_ipx/s_48x32/${first}`, ip)).statusCode).toBe(200);
    expect((await get(`/_ipx/s_48x32/${others[3]}`)).statusCode).toBe(200);
  });

  it('serves a second request from its cache, marked immutable, without rendering', async () => {
    const url = `/_ipx/f_webp,q_80,s_160x160/${TILES[80]}`;
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    const startedBefore = renders.started;
    const again = await get(url);
    expect(renders.started).toBe(startedBefore);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(again.headers['cache-control']).toMatch(/^public, max-age=\d+.*immutable/);
  });
});
