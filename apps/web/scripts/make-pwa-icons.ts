/**
 * Makes the web manifest's icons (public/icons/*.png) from our own spade mark (public/favicon.svg's shape):
 * `node apps/web/scripts/make-pwa-icons.ts`. The maskable icon keeps the mark inside the 80% safe zone.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const OUT = fileURLToPath(new URL('../public/icons/', import.meta.url));
const SPADE =
  'M32 12 C24 22 14 28 14 37 C14 43 19 47 24 47 C27 47 29.5 45.5 31 43.5 C30.5 47.5 28.5 50 25 52 H39 C35.5 50 33.5 47.5 33 43.5 C34.5 45.5 37 47 40 47 C45 47 50 43 50 37 C50 28 40 22 32 12Z';

/** The mark on the gold gradient; `inset` shrinks the spade toward the centre (maskable safe zone). */
const svg = (rounded: boolean, inset: number) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="#ffd36b"/><stop offset="1" stop-color="#f59e0b"/></linearGradient></defs>
  <rect width="64" height="64" rx="${rounded ? 14 : 0}" fill="url(#g)"/>
  <g transform="translate(32 32) scale(${inset}) translate(-32 -32)"><path d="${SPADE}" fill="#1a1206"/></g>
</svg>`;

mkdirSync(OUT, { recursive: true });
const icons: [string, number, boolean, number][] = [
  ['icon-192.png', 192, true, 1],
  ['icon-512.png', 512, true, 1],
  ['maskable-512.png', 512, false, 0.75],
  ['apple-touch-icon.png', 180, false, 0.85],
];
for (const [name, size, rounded, inset] of icons)
  await sharp(Buffer.from(svg(rounded, inset)), { density: 1200 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(`${OUT}${name}`);
console.log(`icons written to ${OUT}`);
