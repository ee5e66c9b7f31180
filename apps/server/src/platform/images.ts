/**
 * The image route of spec §7: `/_ipx/{modifiers}/{path}` renders our own images (the SVG artwork of content/,
 * the site's public files) to WebP, PNG, AVIF, JPEG or GIF with the `ipx` package (sharp). Modifiers are
 * checked here — a bad one answers 400, never a crash — and only image files under the allowed folders are
 * served. Results are cached in memory and by the browser (ETag, Cache-Control).
 */
import { createHash } from 'node:crypto';
import { readdir, readFile, realpath, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { createIPX, type IPX } from 'ipx';
import type { TAppContext } from './context.ts';

/** Spec §9 image defaults: format webp, quality 95 (densities 1 and 2 are the site's srcset). */
export const IMAGE_DEFAULTS = { format: 'webp', quality: 95 } as const;
export const IMAGE_MAX_SIDE = 2048;
const CACHE_SECONDS = 7 * 24 * 3600;
const MEMORY_CACHE_ENTRIES = 300;

const FORMATS = ['webp', 'png', 'avif', 'jpeg', 'jpg', 'gif', 'svg'] as const;
const FITS = ['cover', 'contain', 'fill', 'inside', 'outside'] as const;
const SOURCE_EXTENSIONS = new Set(['.svg', '.png', '.jpg', '.jpeg', '.webp', '.avif', '.gif']);
const MIME: Record<string, string> = {
  webp: 'image/webp',
  png: 'image/png',
  avif: 'image/avif',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  'svg+xml': 'image/svg+xml',
};

/** Where the operator's uploaded images live (image-uploads.ts): not DATA_DIR/uploads, the KYC files' folder. */
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

export class ImageRequestError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}
const bad = (message: string) => new ImageRequestError(400, message);

const ALIASES: Record<string, string> = {
  f: 'format',
  format: 'format',
  fit: 'fit',
  w: 'width',
  width: 'width',
  h: 'height',
  height: 'height',
  s: 'resize',
  resize: 'resize',
  q: 'quality',
  quality: 'quality',
  b: 'background',
  background: 'background',
};

const side = (text: string, name: string) => {
  if (!/^\d{1,5}$/.test(text)) throw bad(`${name} must be a whole number of pixels`);
  const n = Number(text);
  if (n < 1 || n > IMAGE_MAX_SIDE) throw bad(`${name} must be between 1 and ${IMAGE_MAX_SIDE}`);
  return n;
};

export interface TParsedModifiers {
  format: string;
  quality: number;
  fit?: string;
  width?: number;
  height?: number;
  background?: string;
}

/**
 * Parses `w_288,h_192,f_webp` (also `s_288x192`, `resize_288x192`, `:`/`=` as separators, `_` for none) into
 * checked values. Unknown or repeated modifiers and out-of-range values are refused.
 */
export const parseModifiers = (text: string): TParsedModifiers => {
  const out: Partial<TParsedModifiers> = {};
  const seen = new Set<string>();
  const items = text === '_' || text === '' ? [] : text.split(/[,&]/);
  for (const item of items) {
    const match = /^([a-z]+)[_:=](.+)$/i.exec(item);
    const name = match ? ALIASES[(match[1] ?? '').toLowerCase()] : undefined;
    const value = match?.[2] ?? '';
    if (!name) throw bad(`unknown modifier "${item}"`);
    if (seen.has(name)) throw bad(`modifier ${name} is given twice`);
    seen.add(name);
    switch (name) {
      case 'format': {
        const format = value.toLowerCase();
        if (!(FORMATS as readonly string[]).includes(format))
          throw bad(`format must be one of ${FORMATS.join(', ')}`);
        out.format = format === 'jpg' ? 'jpeg' : format;
        break;
      }
      case 'fit':
        if (!(FITS as readonly string[]).includes(value)) throw bad(`fit must be one of ${FITS.join(', ')}`);
        out.fit = value;
        break;
      case 'width':
        out.width = side(value, 'width');
        break;
      case 'height':
        out.height = side(value, 'height');
        break;
      case 'resize': {
        const [w = '', h, ...rest] = value.split('x');
        if (h === undefined || rest.length > 0) throw bad('resize must be WIDTHxHEIGHT, e.g. 288x192');
        if (seen.has('width') || seen.has('height')) throw bad('give resize or width/height, not both');
        out.width = side(w, 'width');
        out.height = side(h, 'height');
        break;
      }
      case 'quality': {
        if (!/^\d{1,3}$/.test(value) || Number(value) < 1 || Number(value) > 100)
          throw bad('quality must be between 1 and 100');
        out.quality = Number(value);
        break;
      }
      case 'background':
        if (!/^([0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8}|transparent)$/i.test(value))
          throw bad('background must be a hex colour (e.g. ffffff) or transparent');
        out.background = value.toLowerCase() === 'transparent' ? '00000000' : value.toLowerCase();
        break;
    }
  }
  if ((seen.has('width') || seen.has('height')) && seen.has('resize'))
    throw bad('give resize or width/height, not both');
  return { format: IMAGE_DEFAULTS.format, quality: IMAGE_DEFAULTS.quality, ...out };
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

export const createImageService = (roots: string[]) => {
  const ipx: IPX = createIPX({
    // The storage reads the file the route already resolved and checked: the id is its absolute path.
    storage: {
      name: 'checked-files',
      getMeta: async (id) => {
        const info = await stat(id);
        return { mtime: info.mtime, maxAge: CACHE_SECONDS };
      },
      getData: async (id) => {
        const data = await readFile(id);
        return data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) as ArrayBuffer;
      },
    },
    maxAge: CACHE_SECONDS,
  });
  const memory = new Map<string, { data: Buffer; type: string; etag: string; mtime: Date }>();

  return async (modifiersText: string, path: string) => {
    const modifiers = parseModifiers(modifiersText);
    const file = await resolveImagePath(roots, path);
    const info = await stat(file);
    const isSvg = extname(file).toLowerCase() === '.svg';
    if (modifiers.format === 'svg' && !isSvg) throw bad('format svg needs an SVG source');
    const ipxModifiers = toIpxModifiers(modifiers, isSvg);
    const key = `${file}|${info.mtimeMs}|${JSON.stringify(ipxModifiers)}`;
    const cached = memory.get(key);
    if (cached) return cached;
    let result: Awaited<ReturnType<ReturnType<IPX>['process']>>;
    try {
      result = await ipx(file, ipxModifiers).process();
    } catch (error) {
      const status = (error as { statusCode?: number }).statusCode;
      throw new ImageRequestError(status === 404 ? 404 : 400, 'The image cannot be processed');
    }
    const data = typeof result.data === 'string' ? Buffer.from(result.data) : result.data;
    const entry = {
      data,
      type: MIME[result.format ?? ''] ?? 'application/octet-stream',
      etag: `"${createHash('sha1').update(data).digest('base64url')}"`,
      mtime: info.mtime,
    };
    if (memory.size >= MEMORY_CACHE_ENTRIES) memory.delete(memory.keys().next().value as string);
    memory.set(key, entry);
    return entry;
  };
};

const sendError = (reply: FastifyReply, error: ImageRequestError) =>
  reply
    .status(error.status)
    .header('cache-control', 'no-store')
    .type('text/plain; charset=utf-8')
    .send(error.status === 404 ? 'Not found' : `Bad image request: ${error.message}`);

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
export const warmImages = async (
  render: ReturnType<typeof createImageService>,
  urls: string[],
): Promise<number> => {
  let warmed = 0;
  for (const url of urls) {
    const [modifiers = '', ...rest] = url.slice('/_ipx/'.length).split('/');
    try {
      await render(decodeURIComponent(modifiers), rest.map((s) => decodeURIComponent(s)).join('/'));
      warmed += 1;
    } catch {
      // a banner the operator names but has not uploaded: the route answers 404 for it as usual
    }
  }
  return warmed;
};

export const registerImages = (app: FastifyInstance, ctx: TAppContext) => {
  const render = createImageService(imageRoots(ctx.contentDir, contentImagesRoot(ctx.config.DATA_DIR)));
  // In production the cms banners are rendered once at start, in the background, so the first visitor after
  // a deploy never waits for sharp on the hero image (the home page's largest paint).
  if (ctx.config.NODE_ENV === 'production')
    app.addHook('onReady', async () => {
      void cmsImageUrls(ctx.contentDir)
        .then((urls) => warmImages(render, urls))
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
      const image = await render(modifiersText, path);
      reply
        .header('cache-control', `public, max-age=${CACHE_SECONDS}, stale-while-revalidate=86400`)
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
