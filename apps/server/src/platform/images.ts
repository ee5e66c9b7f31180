/**
 * The image route of spec §7: `/_ipx/{modifiers}/{path}` renders our own images (the SVG artwork of content/,
 * the site's public files) to WebP, PNG, JPEG or GIF with the `ipx` package (sharp). Modifiers are checked and
 * snapped to the site's sizes and qualities (image-modifiers.ts) — a bad one answers 400, never a crash — and only
 * image files under the allowed folders are served. A render is costly: they run a few at a time, a client's
 * cache misses are limited, and results are kept in memory and by the browser (image-renders.ts).
 */
import { createHash } from 'node:crypto';
import { readdir, readFile, realpath, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { createIPX, type IPX } from 'ipx';
import type { TAppContext } from './context.ts';
import type { TFileStore } from './file-store.ts';
import {
  bad,
  type FITS,
  type FORMATS,
  IMAGE_DEFAULTS,
  ImageRequestError,
  parseModifiers,
  type TParsedModifiers,
} from './image-modifiers.ts';
import { createImageCache, createRenderGate, singleFlight, type TRenderedImage } from './image-renders.ts';

const CACHE_SECONDS = 7 * 24 * 3600;
const CACHE_CONTROL = `public, max-age=${CACHE_SECONDS}, immutable`;
/** Rendered images kept in memory (WebP tiles are a few KB; a 2048-pixel PNG a few MB). */
const MEMORY_CACHE_BYTES = 64 * 1024 * 1024;

const SOURCE_EXTENSIONS = new Set(['.svg', '.png', '.jpg', '.jpeg', '.webp', '.avif', '.gif']);
const MIME: Record<string, string> = {
  webp: 'image/webp',
  png: 'image/png',
  avif: 'image/avif',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  'svg+xml': 'image/svg+xml',
};

/**
 * An image the operator uploaded (image-uploads.ts): `uploads/<sha>.<ext>`, kept in the file store every instance
 * shares under `content-images/` (docs/decisions/063).
 */
export const UPLOADED_IMAGE_PATH = /^uploads\/[0-9a-f]{32}\.(png|jpeg|gif|webp)$/;
/** The file store's key of an uploaded image's path. */
export const uploadedImageKey = (path: string) => `content-images/${path}`;
/** How an image of the file store is named to ipx (no file path starts so). */
const STORED = '/@file-store/';

/**
 * Where older versions kept the operator's uploaded images and Hub88's thumbnails: a root images are still read
 * from, after the file store (nothing writes there any more).
 */
export const contentImagesRoot = (dataDir: string) =>
  dataDir.startsWith('memory://')
    ? join(tmpdir(), `casino-content-images-${process.pid}`)
    : resolve(dataDir, 'content-images');

/**
 * The folders images may come from: content/, then the site's public folder and its build, then the operator's
 * uploads (image-uploads.ts) when given.
 */
export const imageRoots = (contentDir: string, uploadsRoot?: string) => [
  contentDir,
  fileURLToPath(new URL('../../../web/public/', import.meta.url)),
  fileURLToPath(new URL('../../../web/build/client/', import.meta.url)),
  ...(uploadsRoot ? [uploadsRoot] : []),
];

export interface TImageOptions {
  width?: number;
  height?: number;
  format?: (typeof FORMATS)[number];
  quality?: number;
  fit?: (typeof FITS)[number];
}

/** A URL of the image route for a path under an image root, with the spec §9 defaults. */
export const ipxUrl = (path: string, options: TImageOptions = {}) => {
  const modifiers = [
    `f_${options.format ?? IMAGE_DEFAULTS.format}`,
    `q_${options.quality ?? IMAGE_DEFAULTS.quality}`,
  ];
  if (options.fit) modifiers.push(`fit_${options.fit}`);
  if (options.width && options.height) modifiers.push(`s_${options.width}x${options.height}`);
  else if (options.width) modifiers.push(`w_${options.width}`);
  else if (options.height) modifiers.push(`h_${options.height}`);
  return `/_ipx/${modifiers.join(',')}/${path.replace(/^\/+/, '')}`;
};

/** Finds the file for a request path under one of the roots, refusing anything that escapes them. */
export const resolveImagePath = async (roots: string[], path: string): Promise<string> => {
  const segments = path.split('/').filter((s) => s !== '');
  if (
    segments.length === 0 ||
    segments.some((s) => s === '.' || s === '..' || s.includes('\\') || s.includes('\0'))
  )
    throw bad('not an image path');
  if (!SOURCE_EXTENSIONS.has(extname(path).toLowerCase())) throw new ImageRequestError(404, 'Not found');
  for (const root of roots) {
    const candidate = join(root, ...segments);
    try {
      const real = await realpath(candidate);
      const realRoot = await realpath(root);
      if (!real.startsWith(realRoot + sep)) continue;
      if ((await stat(real)).isFile()) return real;
    } catch {
      // not under this root
    }
  }
  throw new ImageRequestError(404, 'Not found');
};

const toIpxModifiers = (m: TParsedModifiers, isSvg: boolean): Record<string, string> => {
  const out: Record<string, string> = {};
  if (m.format !== 'svg') {
    out.f = m.format;
    out.q = String(m.quality);
  }
  if (m.fit) out.fit = m.fit;
  if (m.background) out.b = m.background;
  if (m.width && m.height) out.s = `${m.width}x${m.height}`;
  else if (m.width) out.w = String(m.width);
  else if (m.height) out.h = String(m.height);
  // A vector source renders sharp at any size: let it grow past its own width and height.
  if (isSvg && (m.width || m.height)) out.enlarge = 'true';
  return out;
};

/** A checked request: the file, the modifiers ipx gets, and the cache key both make. */
export interface TImageJob {
  key: string;
  file: string;
  mtime: Date;
  ipxModifiers: Record<string, string>;
}

export const createImageService = (
  roots: string[],
  options: { concurrency?: number; queueLimit?: number; files?: TFileStore } = {},
) => {
  const { files } = options;
  const storedKey = (id: string) => (files && id.startsWith(STORED) ? id.slice(STORED.length) : null);
  const ipx: IPX = createIPX({
    // The storage reads what the route already resolved and checked: a file's absolute path, or an image of the
    // file store.
    storage: {
      name: 'checked-files',
      getMeta: async (id) => {
        const key = storedKey(id);
        const mtime = key ? (await files?.stat(key))?.modified : (await stat(id)).mtime;
        return { mtime, maxAge: CACHE_SECONDS };
      },
      getData: async (id) => {
        const key = storedKey(id);
        const data = key ? await files?.get(key) : await readFile(id);
        if (!data) throw new ImageRequestError(404, 'Not found');
        return data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) as ArrayBuffer;
      },
    },
    maxAge: CACHE_SECONDS,
  });
  const cache = createImageCache(MEMORY_CACHE_BYTES);
  const gate = createRenderGate(options.concurrency ?? 2, options.queueLimit);
  const inFlight = singleFlight<TRenderedImage>();

  const renderNow = async (job: TImageJob): Promise<TRenderedImage> => {
    let result: Awaited<ReturnType<ReturnType<IPX>['process']>>;
    try {
      result = await gate(() => ipx(job.file, job.ipxModifiers).process());
    } catch (error) {
      if (error instanceof ImageRequestError) throw error;
      const status = (error as { statusCode?: number }).statusCode;
      throw new ImageRequestError(status === 404 ? 404 : 400, 'The image cannot be processed');
    }
    const data = typeof result.data === 'string' ? Buffer.from(result.data) : result.data;
    const entry = {
      data,
      type: MIME[result.format ?? ''] ?? 'application/octet-stream',
      etag: `"${createHash('sha1').update(data).digest('base64url')}"`,
      mtime: job.mtime,
    };
    cache.set(job.key, entry);
    return entry;
  };

  const service = {
    /** Parses, snaps and resolves a request; throws ImageRequestError for a bad one. */
    async find(modifiersText: string, path: string): Promise<TImageJob> {
      const modifiers = parseModifiers(modifiersText);
      const stored =
        files && UPLOADED_IMAGE_PATH.test(path) ? await files.stat(uploadedImageKey(path)) : null;
      if (stored) {
        if (modifiers.format === 'svg') throw bad('format svg needs an SVG source');
        const ipxModifiers = toIpxModifiers(modifiers, false);
        const file = `${STORED}${uploadedImageKey(path)}`;
        return {
          key: `${file}|${stored.modified.getTime()}|${JSON.stringify(ipxModifiers)}`,
          file,
          mtime: stored.modified,
          ipxModifiers,
        };
      }
      const file = await resolveImagePath(roots, path);
      const info = await stat(file);
      const isSvg = extname(file).toLowerCase() === '.svg';
      if (modifiers.format === 'svg' && !isSvg) throw bad('format svg needs an SVG source');
      const ipxModifiers = toIpxModifiers(modifiers, isSvg);
      return {
        key: `${file}|${info.mtimeMs}|${JSON.stringify(ipxModifiers)}`,
        file,
        mtime: info.mtime,
        ipxModifiers,
      };
    },
    cached: (job: TImageJob) => cache.get(job.key),
    /** Whether asking for it now waits for a render already under way (and so costs nothing more). */
    isRendering: (job: TImageJob) => inFlight.has(job.key),
    /** Renders (through the gate, once however many ask at the same time) and keeps the result. */
    render: (job: TImageJob) => inFlight.run(job.key, () => renderNow(job)),
    async get(modifiersText: string, path: string) {
      const job = await service.find(modifiersText, path);
      return service.cached(job) ?? service.render(job);
    },
  };
  return service;
};

export type TImageService = ReturnType<typeof createImageService>;

const sendError = (reply: FastifyReply, error: ImageRequestError) => {
  if (error.retryAfter) reply.header('retry-after', String(error.retryAfter));
  const text =
    error.status === 404
      ? 'Not found'
      : error.status >= 429
        ? error.message
        : `Bad image request: ${error.message}`;
  return reply
    .status(error.status)
    .header('cache-control', 'no-store')
    .type('text/plain; charset=utf-8')
    .send(text);
};

/** Every `/_ipx/…` address the cms configs name (banners: the home page's LCP image among them). */
export const cmsImageUrls = async (contentDir: string): Promise<string[]> => {
  const folder = join(contentDir, 'cms');
  const files = (await readdir(folder).catch(() => [] as string[])).filter((f) => f.endsWith('.json'));
  const urls = new Set<string>();
  for (const file of files.sort()) {
    const text = await readFile(join(folder, file), 'utf8');
    for (const match of text.matchAll(/"(\/_ipx\/[^"\\]+)"/g)) urls.add(match[1] as string);
  }
  return [...urls];
};

/** Renders the given `/_ipx/{modifiers}/{path}` addresses into the memory cache, one at a time. */
export const warmImages = async (images: TImageService, urls: string[]): Promise<number> => {
  let warmed = 0;
  for (const url of urls) {
    const [modifiers = '', ...rest] = url.slice('/_ipx/'.length).split('/');
    try {
      await images.get(decodeURIComponent(modifiers), rest.map((s) => decodeURIComponent(s)).join('/'));
      warmed += 1;
    } catch {
      // a banner the operator names but has not uploaded: the route answers 404 for it as usual
    }
  }
  return warmed;
};

/** Counts a client's cache misses; past IMAGE_RENDERS_PER_MINUTE, 429 until the minute ends. */
const limitRenders = async (ctx: TAppContext, ip: string) => {
  const { count, resetSeconds } = await ctx.rateLimiter.hit(`ipx:${ip}`, 60);
  if (count > ctx.config.IMAGE_RENDERS_PER_MINUTE)
    throw new ImageRequestError(429, 'Too many new images asked for', resetSeconds);
};

export const registerImages = (app: FastifyInstance, ctx: TAppContext) => {
  const images = createImageService(imageRoots(ctx.contentDir, contentImagesRoot(ctx.config.DATA_DIR)), {
    concurrency: ctx.config.IMAGE_RENDER_CONCURRENCY,
    queueLimit: ctx.config.IMAGE_RENDER_QUEUE,
    files: ctx.files,
  });
  // In production the cms banners are rendered once at start, in the background, so the first visitor after
  // a deploy never waits for sharp on the hero image (the home page's largest paint).
  if (ctx.config.NODE_ENV === 'production')
    app.addHook('onReady', async () => {
      void cmsImageUrls(ctx.contentDir)
        .then((urls) => warmImages(images, urls))
        .catch((error: unknown) => app.log.warn({ err: error }, 'image warm-up failed'));
    });
  app.get('/_ipx/*', async (request, reply) => {
    const raw = (request.url.split('?')[0] ?? '').slice('/_ipx/'.length);
    let modifiersText: string;
    let path: string;
    try {
      const [first = '', ...rest] = raw.split('/');
      modifiersText = decodeURIComponent(first);
      path = rest.map((s) => decodeURIComponent(s)).join('/');
    } catch {
      return sendError(reply, bad('the address is not valid'));
    }
    try {
      const job = await images.find(modifiersText, path);
      let image = images.cached(job);
      if (!image) {
        if (!images.isRendering(job)) await limitRenders(ctx, request.ip);
        image = await images.render(job);
      }
      reply
        .header('cache-control', CACHE_CONTROL)
        .header('etag', image.etag)
        .header('last-modified', image.mtime.toUTCString());
      if (image.type === 'image/svg+xml')
        reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'");
      if (request.headers['if-none-match'] === image.etag) return reply.status(304).send();
      return reply.type(image.type).send(image.data);
    } catch (error) {
      if (error instanceof ImageRequestError) return sendError(reply, error);
      throw error;
    }
  });
};
