/**
 * The `/_ipx/` modifiers: parsed and checked (a bad one answers 400), then snapped to the site's own vocabulary
 * so that every request lands on one of a bounded set of renders that a cache can hold: sides on a ladder that
 * holds every size the site and the API ask for, qualities 80 and 95, WebP for AVIF (a render of 7-10 s), and a
 * background from a short palette.
 */

/** Spec §9 image defaults: format webp, quality 95 (densities 1 and 2 are the site's srcset). */
export const IMAGE_DEFAULTS = { format: 'webp', quality: 95 } as const;
export const IMAGE_MAX_SIDE = 2048;

export const FORMATS = ['webp', 'png', 'avif', 'jpeg', 'jpg', 'gif', 'svg'] as const;
export const FITS = ['cover', 'contain', 'fill', 'inside', 'outside'] as const;

export class ImageRequestError extends Error {
  readonly status: number;
  /** Seconds the client should wait before asking again (429, 503). */
  readonly retryAfter?: number;
  constructor(status: number, message: string, retryAfter?: number) {
    super(message);
    this.status = status;
    this.retryAfter = retryAfter;
  }
}
export const bad = (message: string) => new ImageRequestError(400, message);

/**
 * The boxes the site shows at density 1 (game tiles, loyalty and campaign art, provider logos, the cms banners
 * and the sign-in panel of spec §2); each is also rendered at density 2.
 */
const SITE_BOXES = [
  [288, 192],
  [192, 256],
  [240, 240],
  [240, 80],
  [192, 192],
  [160, 160],
  [320, 320],
  [320, 180],
  [96, 96],
  [48, 48],
  [1200, 480],
  [800, 480],
  [600, 300],
  [360, 240],
  [360, 148],
  [376, 624],
] as const;
/** Spec §9 breakpoints, for width-only requests. */
const BREAKPOINTS = [320, 640, 768, 1024, 1280, 1536];
/** Between the site's own sizes: a ladder of steps of about 1.5. */
const BASE_LADDER = [16, 24, 32, 48, 64, 96, 128, 192, 256, 384, 512, 768, 1024, 1536, 2048];

export const IMAGE_SIDES: readonly number[] = [
  ...new Set([...BASE_LADDER, ...BREAKPOINTS, ...SITE_BOXES.flat()].flatMap((side) => [side, side * 2])),
]
  .filter((side) => side <= IMAGE_MAX_SIDE)
  .sort((a, b) => a - b);
export const IMAGE_QUALITIES = [80, 95] as const;
const BACKGROUNDS: Record<string, string> = {
  transparent: '00000000',
  fff: 'ffffff',
  ffffff: 'ffffff',
  '000': '000000',
  '000000': '000000',
};

/** The smallest side of the ladder that is at least `side` (the image is never made smaller than asked). */
export const snapSide = (side: number) => IMAGE_SIDES.find((s) => s >= side) ?? IMAGE_MAX_SIDE;
/** The nearest of the site's qualities (a tie goes to the better one). */
export const snapQuality = (quality: number) =>
  IMAGE_QUALITIES.reduce((best, q) => (Math.abs(q - quality) <= Math.abs(best - quality) ? q : best));

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
  return snapSide(n);
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
 * checked, snapped values. Unknown or repeated modifiers and out-of-range values are refused.
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
        out.format = format === 'jpg' ? 'jpeg' : format === 'avif' ? 'webp' : format;
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
        out.quality = snapQuality(Number(value));
        break;
      }
      case 'background': {
        const background = BACKGROUNDS[value.toLowerCase()];
        if (!background) throw bad('background must be transparent, ffffff or 000000');
        out.background = background;
        break;
      }
    }
  }
  if ((seen.has('width') || seen.has('height')) && seen.has('resize'))
    throw bad('give resize or width/height, not both');
  return { format: IMAGE_DEFAULTS.format, quality: IMAGE_DEFAULTS.quality, ...out };
};
