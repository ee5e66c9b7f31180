/**
 * Generates the catalogue artwork from games.json, providers.json and categories.json:
 *   art/games/{sysname}.svg           the horizontal tile (576 × 384, served as 288 × 192 at density 2)
 *   art/games/{sysname}-vertical.svg  the vertical tile (384 × 512)
 *   art/providers/{sysname}.svg       the studio logo (480 × 160)
 *   art/categories/{sysname}.svg      the category icon (96 × 96)
 * Run: node content/games/scripts/generate-art.ts (deterministic: the same content gives the same files).
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { card, sharedDefs, symbol } from './symbols.ts';

const ROOT = new URL('..', import.meta.url).pathname;
const read = <T>(file: string): T => JSON.parse(readFileSync(join(ROOT, file), 'utf8')) as T;

interface TArtGame {
  sysname: string;
  name: string;
  provider: string;
  type: string;
  art: { template: string; palette: [string, string, string]; motifs: string[] };
}
interface TArtProvider {
  sysname: string;
  name: string;
  colors: [string, string, string];
  mark: string;
}
interface TArtCategory {
  sysname: string;
  name: string;
  icon: string;
}

const esc = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

const FONT = 'font-family="Liberation Sans, \'Arial Black\', Arial, Helvetica, sans-serif" font-weight="900"';

/** A tiny deterministic generator so each game's sparkles differ but never change between runs. */
const seeded = (text: string) => {
  let h = 2166136261;
  for (const ch of text) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return () => {
    h = Math.imul(h ^ (h >>> 15), 2246822507);
    h = Math.imul(h ^ (h >>> 13), 3266489909);
    h ^= h >>> 16;
    return (h >>> 0) / 4294967296;
  };
};

const rays = (cx: number, cy: number, r: number, count: number, color: string) => {
  const wedges: string[] = [];
  for (let i = 0; i < count; i++) {
    const a1 = (2 * Math.PI * i) / count;
    const a2 = a1 + Math.PI / count;
    wedges.push(
      `M${cx} ${cy} L${(cx + Math.cos(a1) * r).toFixed(1)} ${(cy + Math.sin(a1) * r).toFixed(1)} L${(cx + Math.cos(a2) * r).toFixed(1)} ${(cy + Math.sin(a2) * r).toFixed(1)} Z`,
    );
  }
  return `<path d="${wedges.join(' ')}" fill="${color}" fill-opacity="0.09"/>`;
};

const sparkles = (width: number, height: number, random: () => number, count = 14) =>
  Array.from({ length: count }, () => {
    const x = (random() * width).toFixed(0);
    const y = (random() * height * 0.8).toFixed(0);
    const r = (1 + random() * 2.5).toFixed(1);
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="#fff" fill-opacity="${(0.35 + random() * 0.5).toFixed(2)}"/>`;
  }).join('');

/** The scenes: each draws into a 320 × 240 box centred on (0, 0). */
const roulettePockets = [
  0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14, 31, 9, 22,
  18, 29, 7, 28, 12, 35, 3, 26,
];
const wheel = (radius: number) => {
  const parts: string[] = [];
  const step = (2 * Math.PI) / 37;
  roulettePockets.forEach((n, i) => {
    const a1 = i * step - Math.PI / 2;
    const a2 = a1 + step;
    const [x1, y1, x2, y2] = [Math.cos(a1), Math.sin(a1), Math.cos(a2), Math.sin(a2)].map((v) =>
      (v * radius).toFixed(1),
    );
    const fill =
      n === 0
        ? '#16a34a'
        : [1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36].includes(n)
          ? '#c81e1e'
          : '#15121c';
    parts.push(`<path d="M0 0 L${x1} ${y1} A${radius} ${radius} 0 0 1 ${x2} ${y2} Z" fill="${fill}"/>`);
  });
  return `
    <circle r="${radius + 14}" fill="url(#gold)" stroke="#1a1026" stroke-width="3"/>
    ${parts.join('')}
    <circle r="${radius * 0.62}" fill="#5a3212" stroke="url(#gold)" stroke-width="4"/>
    <circle r="${radius * 0.45}" fill="url(#gold)" stroke="#1a1026" stroke-width="2"/>
    <path d="M0 ${-radius * 0.4} V${radius * 0.4} M${-radius * 0.4} 0 H${radius * 0.4}" stroke="#1a1026" stroke-width="5" stroke-linecap="round"/>
    <circle r="8" fill="url(#silver)" stroke="#1a1026" stroke-width="2"/>
    <circle cx="${radius * 0.78}" cy="${-radius * 0.48}" r="7" fill="#fff" stroke="#1a1026" stroke-width="1.5"/>
    <circle r="${radius + 14}" fill="url(#shine)" opacity="0.35"/>`;
};

const scene = (game: TArtGame, random: () => number): string => {
  const [m1 = 'star', m2 = m1, m3 = m1] = game.art.motifs;
  switch (game.art.template) {
    case 'slot':
      return `
        <g transform="translate(-112 18) scale(0.78) rotate(-10)" filter="url(#drop)">${symbol(m2)}</g>
        <g transform="translate(112 18) scale(0.78) rotate(10)" filter="url(#drop)">${symbol(m3)}</g>
        <g transform="translate(0 -4) scale(1.25)" filter="url(#drop)">${symbol(m1)}</g>`;
    case 'roulette':
      return `<g filter="url(#drop)" transform="translate(0 8)">${wheel(96)}</g>
        <g transform="translate(128 60) scale(0.5)" filter="url(#drop)">${chip('#c81e1e')}</g>
        <g transform="translate(-128 64) scale(0.5)" filter="url(#drop)">${chip('#1d4ed8')}</g>`;
    case 'live':
      return `<g filter="url(#drop)" transform="translate(0 10) scale(0.95)">${wheel(96)}</g>
        <g transform="translate(-176 -66)">
          <rect width="86" height="32" rx="16" fill="#e11d48" stroke="#fff" stroke-width="2"/>
          <circle cx="20" cy="16" r="6" fill="#fff"/>
          <text x="54" y="23" text-anchor="middle" ${FONT} font-size="18" fill="#fff">LIVE</text>
        </g>`;
    case 'cards':
      return `
        <g transform="translate(-46 6) rotate(-12)" filter="url(#drop)">${card('A', '♠', '#1a1026')}</g>
        <g transform="translate(46 6) rotate(12)" filter="url(#drop)">${card('K', '♥', '#d62839')}</g>
        <g transform="translate(0 76) scale(0.5)" filter="url(#drop)">${chip('#0f766e')}</g>`;
    case 'hilo':
      return `
        <g transform="translate(-60 4) rotate(-6)" filter="url(#drop)">${card('7', '♦', '#d62839')}</g>
        <g transform="translate(60 4) rotate(6)" filter="url(#drop)">${card('?', '♣', '#1a1026')}</g>
        <path d="M0 -70 L22 -40 H-22 Z" fill="url(#green)" stroke="#1a1026" stroke-width="3"/>
        <path d="M0 74 L22 44 H-22 Z" fill="url(#red)" stroke="#1a1026" stroke-width="3"/>`;
    case 'crash': {
      const points: string[] = [];
      for (let i = 0; i <= 20; i++) {
        const x = -150 + i * 13;
        const y = 90 - (i / 20) ** 2.2 * 170;
        points.push(`${x.toFixed(1)},${y.toFixed(1)}`);
      }
      return `
        <g stroke="#fff" stroke-opacity="0.12">${[-60, -20, 20, 60].map((y) => `<path d="M-160 ${y} H160"/>`).join('')}</g>
        <polygon points="${points.join(' ')} 110,90" fill="#fff" fill-opacity="0.1"/>
        <polyline points="${points.join(' ')}" fill="none" stroke="url(#gold)" stroke-width="7" stroke-linecap="round"/>
        <g transform="translate(118 -84) scale(0.7)" filter="url(#drop)">${symbol('rocket')}</g>
        <text x="-150" y="-60" ${FONT} font-size="44" fill="#fff" fill-opacity="0.9">${(1.5 + random() * 8).toFixed(2)}×</text>`;
    }
    case 'dice':
      return `
        <g transform="translate(-56 10) rotate(-14) scale(0.95)" filter="url(#drop)">${symbol('die')}</g>
        <g transform="translate(60 -6) rotate(12) scale(0.95)" filter="url(#drop)">
          <rect x="-44" y="-44" width="88" height="88" rx="18" fill="url(#accent)" stroke="#1a1026" stroke-width="3"/>
          <circle cx="-20" cy="-20" r="8" fill="#fff"/><circle cx="20" cy="20" r="8" fill="#fff"/><circle cx="20" cy="-20" r="8" fill="#fff"/><circle cx="-20" cy="20" r="8" fill="#fff"/>
        </g>`;
    case 'mines': {
      const tiles: string[] = [];
      const mine = Math.floor(random() * 25);
      for (let i = 0; i < 25; i++) {
        const x = -110 + (i % 5) * 44;
        const y = -104 + Math.floor(i / 5) * 44;
        const revealed = i === mine || random() < 0.36;
        tiles.push(
          `<rect x="${x}" y="${y}" width="40" height="40" rx="8" fill="${revealed ? '#0d1b2a' : 'url(#silver)'}" stroke="#1a1026" stroke-width="2"/>`,
        );
        if (i === mine)
          tiles.push(
            `<g transform="translate(${x + 20} ${y + 20})"><circle r="12" fill="#111"/><path d="M0 -17 V17 M-17 0 H17 M-12 -12 L12 12 M12 -12 L-12 12" stroke="#111" stroke-width="3"/><circle cx="-4" cy="-4" r="3" fill="#fff"/><circle r="15" fill="#ef4444" opacity="0.35"/></g>`,
          );
        else if (revealed)
          tiles.push(`<g transform="translate(${x + 20} ${y + 20}) scale(0.32)">${symbol('gem')}</g>`);
      }
      return `<g filter="url(#drop)">${tiles.join('')}</g>`;
    }
    case 'keno': {
      const balls: string[] = [];
      for (let i = 0; i < 24; i++) {
        const x = -132 + (i % 8) * 38;
        const y = -84 + Math.floor(i / 8) * 40;
        const hit = random() < 0.3;
        balls.push(
          `<circle cx="${x}" cy="${y}" r="16" fill="${hit ? 'url(#gold)' : 'url(#silver)'}" stroke="#1a1026" stroke-width="2"/><text x="${x}" y="${y + 6}" text-anchor="middle" ${FONT} font-size="15" fill="#1a1026">${i + 1}</text>`,
        );
      }
      return `<g filter="url(#drop)">${balls.join('')}</g>
        <g transform="translate(0 74)" filter="url(#drop)">
          ${[-80, -40, 0, 40, 80].map((x, i) => `<circle cx="${x}" cy="0" r="18" fill="url(#${['red', 'blue', 'green', 'purple', 'gold'][i]})" stroke="#1a1026" stroke-width="2"/><circle cx="${x - 6}" cy="-6" r="6" fill="url(#shine)"/>`).join('')}
        </g>`;
    }
    case 'plinko': {
      const pegs: string[] = [];
      for (let row = 0; row < 7; row++)
        for (let i = 0; i <= row + 2; i++)
          pegs.push(`<circle cx="${(i - (row + 2) / 2) * 30}" cy="${-96 + row * 26}" r="4.5" fill="#fff"/>`);
      const buckets = ['red', 'gold', 'green', 'blue', 'blue', 'green', 'gold', 'red'];
      return `
        ${pegs.join('')}
        ${buckets.map((c, i) => `<rect x="${-132 + i * 33}" y="${88}" width="30" height="22" rx="5" fill="url(#${c})" stroke="#1a1026" stroke-width="2"/>`).join('')}
        <circle cx="${(random() * 40 - 20).toFixed(0)}" cy="-30" r="11" fill="url(#gold)" stroke="#1a1026" stroke-width="2" filter="url(#drop)"/>`;
    }
    case 'betting':
      return `
        <g stroke="#fff" stroke-opacity="0.55" stroke-width="3" fill="none">
          <rect x="-150" y="-100" width="300" height="200" rx="6"/><path d="M0 -100 V100"/><circle r="36"/>
          <rect x="-150" y="-50" width="44" height="100"/><rect x="106" y="-50" width="44" height="100"/>
        </g>
        <g transform="translate(0 0) scale(0.9)" filter="url(#drop)">
          <circle r="46" fill="#fff" stroke="#1a1026" stroke-width="3"/>
          <polygon points="${pentagon(0, 0, 16)}" fill="#1a1026"/>
          ${[0, 72, 144, 216, 288].map((a) => `<g transform="rotate(${a})"><polygon points="${pentagon(0, -38, 10)}" fill="#1a1026"/><path d="M0 -16 V-28" stroke="#1a1026" stroke-width="2"/></g>`).join('')}
          <circle r="46" fill="url(#shine)"/>
        </g>`;
    default:
      throw new Error(`no artwork template "${game.art.template}" (${game.sysname})`);
  }
};

const pentagon = (cx: number, cy: number, r: number) =>
  Array.from({ length: 5 }, (_, i) => {
    const a = (2 * Math.PI * i) / 5 - Math.PI / 2;
    return `${(cx + Math.cos(a) * r).toFixed(1)},${(cy + Math.sin(a) * r).toFixed(1)}`;
  }).join(' ');

const chip = (color: string) => `
  <circle r="44" fill="${color}" stroke="#1a1026" stroke-width="3"/>
  ${Array.from({ length: 8 }, (_, i) => `<rect x="-6" y="-44" width="12" height="14" fill="#fff" transform="rotate(${i * 45})"/>`).join('')}
  <circle r="28" fill="none" stroke="#fff" stroke-width="3" stroke-dasharray="6 5"/>
  <circle r="44" fill="url(#shine)"/>`;

/** The title lettering: bold capitals with a gold face, a dark outline and a soft shadow. */
const title = (text: string, cx: number, baseline: number, maxWidth: number, maxSize: number) => {
  const upper = text.toUpperCase();
  const size = Math.min(maxSize, Math.floor(maxWidth / (upper.length * 0.66)));
  const common = `x="${cx}" text-anchor="middle" ${FONT} font-size="${size}" letter-spacing="1"`;
  return `
    <text ${common} y="${baseline + 4}" fill="#000" fill-opacity="0.45">${esc(upper)}</text>
    <text ${common} y="${baseline}" fill="url(#gold)" stroke="#2a1400" stroke-width="${Math.max(3, size / 9).toFixed(1)}" stroke-linejoin="round" paint-order="stroke">${esc(upper)}</text>`;
};

/** Splits a long name into two balanced lines for the narrow vertical tile. */
const twoLines = (name: string): string[] => {
  const words = name.split(' ');
  if (name.length <= 12 || words.length === 1) return [name];
  let best = [name, ''];
  let bestDiff = Number.POSITIVE_INFINITY;
  for (let i = 1; i < words.length; i++) {
    const a = words.slice(0, i).join(' ');
    const b = words.slice(i).join(' ');
    const diff = Math.abs(a.length - b.length);
    if (diff < bestDiff) [best, bestDiff] = [[a, b], diff];
  }
  return best;
};

const background = (width: number, height: number, palette: string[], random: () => number) => {
  const [deep, mid, light] = palette;
  return `
  <linearGradient id="bg" x1="0" y1="0" x2="0.4" y2="1">
    <stop offset="0" stop-color="${mid}"/><stop offset="1" stop-color="${deep}"/>
  </linearGradient>
  <radialGradient id="halo" cx="0.5" cy="0.42" r="0.55">
    <stop offset="0" stop-color="${light}" stop-opacity="0.55"/><stop offset="1" stop-color="${light}" stop-opacity="0"/>
  </radialGradient>
  <radialGradient id="vignette" cx="0.5" cy="0.5" r="0.75">
    <stop offset="0.6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.55"/>
  </radialGradient>
  </defs>
  <rect width="${width}" height="${height}" fill="url(#bg)"/>
  ${rays(width / 2, height * 0.42, Math.max(width, height), 18, light ?? '#fff')}
  <rect width="${width}" height="${height}" fill="url(#halo)"/>
  ${sparkles(width, height, random)}`;
};

const studioTag = (provider: TArtProvider | undefined, x: number, y: number) =>
  provider
    ? `<text x="${x}" y="${y}" ${FONT} font-size="15" letter-spacing="3" fill="#fff" fill-opacity="0.75">${esc(provider.name.toUpperCase())}</text>`
    : '';

export const gameArt = (game: TArtGame, provider: TArtProvider | undefined, vertical: boolean) => {
  const random = seeded(game.sysname);
  const [width, height] = vertical ? [384, 512] : [576, 384];
  const [deep = '#111', mid = '#333', light = '#fff'] = game.art.palette;
  const lines = vertical ? twoLines(game.name) : [game.name];
  const sceneY = vertical ? 210 : 160;
  const sceneScale = vertical ? 1.05 : 1;
  const titleSvg = vertical
    ? lines
        .map((line, i) => title(line, width / 2, (lines.length === 1 ? 450 : 420) + i * 52, width - 48, 50))
        .join('')
    : title(game.name, width / 2, 350, width - 56, 54);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <title>${esc(game.name)}</title>
  <defs>${sharedDefs(mid, deep)}
  ${background(width, height, [deep, mid, light], random)}
  <g transform="translate(${width / 2} ${sceneY}) scale(${sceneScale})">${scene(game, random)}</g>
  <rect width="${width}" height="${height}" fill="url(#vignette)"/>
  ${studioTag(provider, 22, 34)}
  ${titleSvg}
</svg>
`;
};

const providerMarks: Record<string, string> = {
  moon: symbol('moon'),
  fox: `<path d="M-44 -44 L-20 -10 H20 L44 -44 L40 10 L0 48 L-40 10 Z" fill="url(#accent)" stroke="#1a1026" stroke-width="3" stroke-linejoin="round"/>
        <path d="M-24 14 L0 48 L24 14 Q0 24 -24 14 Z" fill="#fff"/><circle cx="-16" cy="4" r="5" fill="#1a1026"/><circle cx="16" cy="4" r="5" fill="#1a1026"/><circle cx="0" cy="40" r="5" fill="#1a1026"/>`,
  flame: symbol('flame'),
  chip: chip('#a3123a'),
  bolt: `<path d="M10 -52 L-34 8 H-4 L-14 52 L34 -10 H4 Z" fill="url(#gold)" stroke="#1a1026" stroke-width="3" stroke-linejoin="round"/>`,
  grid: [0, 1, 2]
    .flatMap((r) =>
      [0, 1, 2].map(
        (c) =>
          `<rect x="${-42 + c * 29}" y="${-42 + r * 29}" width="25" height="25" rx="6" fill="url(#${(r + c) % 2 ? 'accent' : 'gold'})" stroke="#1a1026" stroke-width="2"/>`,
      ),
    )
    .join(''),
  lantern: `<rect x="-26" y="-36" width="52" height="70" rx="12" fill="url(#gold)" stroke="#1a1026" stroke-width="3"/>
        <rect x="-16" y="-24" width="32" height="46" rx="6" fill="#fff4cf"/><ellipse cx="0" cy="0" rx="8" ry="14" fill="#f59e0b"/>
        <path d="M-14 -36 Q0 -56 14 -36" stroke="#1a1026" stroke-width="4" fill="none"/><rect x="-30" y="34" width="60" height="10" rx="4" fill="url(#gold)" stroke="#1a1026" stroke-width="2"/>`,
  ball: `<circle r="44" fill="#fff" stroke="#1a1026" stroke-width="3"/><polygon points="${pentagon(0, 0, 16)}" fill="#1a1026"/>${[0, 72, 144, 216, 288].map((a) => `<g transform="rotate(${a})"><polygon points="${pentagon(0, -36, 9)}" fill="#1a1026"/></g>`).join('')}`,
};

export const providerLogo = (provider: TArtProvider) => {
  const [deep, mid, light] = provider.colors;
  const words = provider.name.split(' ');
  const first = words[0] ?? provider.name;
  const rest = words.slice(1).join(' ');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="160" viewBox="0 0 480 160">
  <title>${esc(provider.name)}</title>
  <defs>${sharedDefs(mid, deep)}
  <linearGradient id="plate" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${mid}"/><stop offset="1" stop-color="${deep}"/></linearGradient>
  </defs>
  <rect x="4" y="4" width="472" height="152" rx="28" fill="url(#plate)"/>
  <rect x="4" y="4" width="472" height="152" rx="28" fill="none" stroke="${light}" stroke-opacity="0.35" stroke-width="2"/>
  <g transform="translate(84 80) scale(0.95)" filter="url(#drop)">${providerMarks[provider.mark] ?? symbol('star')}</g>
  <text x="160" y="${rest ? 78 : 96}" ${FONT} font-size="${Math.min(44, Math.floor(290 / (first.length * 0.62)))}" fill="${light}" letter-spacing="1">${esc(first.toUpperCase())}</text>
  ${rest ? `<text x="162" y="116" ${FONT} font-size="24" letter-spacing="6" fill="#fff" fill-opacity="0.8">${esc(rest.toUpperCase())}</text>` : ''}
</svg>
`;
};

const categoryIcons: Record<string, string> = {
  flame: symbol('flame'),
  sparkle: `<path d="M0 -50 Q6 -6 50 0 Q6 6 0 50 Q-6 6 -50 0 Q-6 -6 0 -50 Z" fill="url(#gold)" stroke="#1a1026" stroke-width="3"/>`,
  reels: `<rect x="-48" y="-40" width="96" height="80" rx="14" fill="url(#accent)" stroke="#1a1026" stroke-width="3"/>${[-28, 0, 28].map((x) => `<rect x="${x - 12}" y="-28" width="24" height="56" rx="5" fill="#fff"/><text x="${x}" y="9" text-anchor="middle" ${FONT} font-size="24" fill="#d62839">7</text>`).join('')}`,
  crown: symbol('crown'),
  chip: chip('#a3123a'),
  live: `<rect x="-50" y="-34" width="100" height="68" rx="34" fill="#e11d48" stroke="#1a1026" stroke-width="3"/><circle cx="-22" cy="0" r="12" fill="#fff"/><circle cx="-22" cy="0" r="20" fill="none" stroke="#fff" stroke-width="3" opacity="0.6"/><path d="M6 -14 L28 0 L6 14 Z" fill="#fff"/>`,
  bolt: providerMarks.bolt ?? '',
  grid: providerMarks.grid ?? '',
};

export const categoryIcon = (
  category: TArtCategory,
) => `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="-60 -60 120 120">
  <title>${esc(category.name)}</title>
  <defs>${sharedDefs('#7b2ff7', '#2b0f4c')}</defs>
  <g transform="scale(0.95)">${categoryIcons[category.icon] ?? symbol('star')}</g>
</svg>
`;

const main = () => {
  const games = read<TArtGame[]>('games.json');
  const providers = read<TArtProvider[]>('providers.json');
  const categories = read<TArtCategory[]>('categories.json');
  const byProvider = new Map(providers.map((p) => [p.sysname, p]));
  const art = join(ROOT, 'art');
  rmSync(art, { recursive: true, force: true });
  for (const dir of ['games', 'providers', 'categories']) mkdirSync(join(art, dir), { recursive: true });
  for (const game of games) {
    const provider = byProvider.get(game.provider);
    writeFileSync(join(art, 'games', `${game.sysname}.svg`), gameArt(game, provider, false));
    writeFileSync(join(art, 'games', `${game.sysname}-vertical.svg`), gameArt(game, provider, true));
  }
  for (const provider of providers)
    writeFileSync(join(art, 'providers', `${provider.sysname}.svg`), providerLogo(provider));
  for (const category of categories)
    writeFileSync(join(art, 'categories', `${category.sysname}.svg`), categoryIcon(category));
  console.log(
    `artwork: ${games.length * 2} game tiles, ${providers.length} logos, ${categories.length} icons`,
  );
};

if (import.meta.url === `file://${process.argv[1]}`) main();
