/**
 * The hand-drawn symbol set of our artwork: each symbol is SVG drawn around (0, 0) in a box of about
 * 100 × 100 units, filled with the shared gradients that every artwork file defines (see `sharedDefs`).
 */

/** Gradients and filters every generated file defines; `accent` and `deep` come from the artwork's palette. */
export const sharedDefs = (accent: string, deep: string) => `
  <linearGradient id="gold" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="#fff6c4"/><stop offset="0.45" stop-color="#f7c948"/><stop offset="1" stop-color="#b7791f"/>
  </linearGradient>
  <linearGradient id="red" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="#ff8a8a"/><stop offset="0.5" stop-color="#e53e3e"/><stop offset="1" stop-color="#8b1c1c"/>
  </linearGradient>
  <linearGradient id="blue" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="#b3ecff"/><stop offset="0.5" stop-color="#38b2f5"/><stop offset="1" stop-color="#1a4f9c"/>
  </linearGradient>
  <linearGradient id="green" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="#c6f6d5"/><stop offset="0.5" stop-color="#38c172"/><stop offset="1" stop-color="#1c6b3c"/>
  </linearGradient>
  <linearGradient id="purple" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="#f3d1ff"/><stop offset="0.5" stop-color="#a855f7"/><stop offset="1" stop-color="#5b21b6"/>
  </linearGradient>
  <linearGradient id="silver" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="#ffffff"/><stop offset="0.5" stop-color="#d5dbe3"/><stop offset="1" stop-color="#8793a3"/>
  </linearGradient>
  <linearGradient id="accent" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="#ffffff" stop-opacity="0.9"/><stop offset="0.35" stop-color="${accent}"/><stop offset="1" stop-color="${deep}"/>
  </linearGradient>
  <radialGradient id="shine" cx="0.35" cy="0.3" r="0.7">
    <stop offset="0" stop-color="#ffffff" stop-opacity="0.85"/><stop offset="0.4" stop-color="#ffffff" stop-opacity="0"/>
  </radialGradient>
  <filter id="drop" x="-30%" y="-30%" width="160%" height="160%">
    <feGaussianBlur in="SourceAlpha" stdDeviation="4"/>
    <feOffset dx="0" dy="6" result="blur"/>
    <feComponentTransfer><feFuncA type="linear" slope="0.55"/></feComponentTransfer>
    <feMerge><feMergeNode/><feMergeNode in="SourceGraphic"/></feMerge>
  </filter>
  <filter id="glow" x="-50%" y="-50%" width="200%" height="200%">
    <feGaussianBlur stdDeviation="10"/>
  </filter>`;

const outline = 'stroke="#1a1026" stroke-width="3" stroke-linejoin="round"';

const star = (points: number, outer: number, inner: number) => {
  const out: string[] = [];
  for (let i = 0; i < points * 2; i++) {
    const r = i % 2 === 0 ? outer : inner;
    const a = (Math.PI * i) / points - Math.PI / 2;
    out.push(`${(Math.cos(a) * r).toFixed(1)},${(Math.sin(a) * r).toFixed(1)}`);
  }
  return out.join(' ');
};

const pip = (x: number, y: number, r = 6, fill = '#1a1026') =>
  `<circle cx="${x}" cy="${y}" r="${r}" fill="${fill}"/>`;

export const SYMBOLS: Record<string, () => string> = {
  scarab: () => `
    <ellipse cx="0" cy="8" rx="30" ry="38" fill="url(#green)" ${outline}/>
    <path d="M0 -30 V46" stroke="#1a1026" stroke-width="3"/>
    <circle cx="0" cy="-36" r="14" fill="url(#gold)" ${outline}/>
    <path d="M-30 -2 L-48 -14 M-30 14 L-50 16 M-28 30 L-44 44 M30 -2 L48 -14 M30 14 L50 16 M28 30 L44 44" stroke="#1a1026" stroke-width="5" stroke-linecap="round"/>
    <ellipse cx="-12" cy="0" rx="8" ry="16" fill="url(#shine)"/>`,
  eye: () => `
    <path d="M-48 0 Q0 -44 48 0 Q0 44 -48 0 Z" fill="url(#silver)" ${outline}/>
    <circle cx="0" cy="0" r="20" fill="url(#blue)" ${outline}/>
    <circle cx="0" cy="0" r="8" fill="#1a1026"/>
    <path d="M-20 22 Q-26 40 -40 44 M10 22 L14 46" stroke="url(#gold)" stroke-width="6" fill="none" stroke-linecap="round"/>
    <circle cx="-7" cy="-7" r="5" fill="#fff"/>`,
  ankh: () => `
    <path d="M0 -48 C-26 -48 -24 -12 -6 -4 H-38 V8 H-6 V50 H6 V8 H38 V-4 H6 C24 -12 26 -48 0 -48 Z M0 -36 C12 -36 12 -14 0 -10 C-12 -14 -12 -36 0 -36 Z" fill="url(#gold)" fill-rule="evenodd" ${outline}/>`,
  pyramid: () => `
    <path d="M0 -46 L50 40 H-50 Z" fill="url(#gold)" ${outline}/>
    <path d="M0 -46 L12 40 H50 Z" fill="#000" fill-opacity="0.25"/>
    <path d="M-34 12 H34 M-20 -12 H20" stroke="#7a4a10" stroke-width="2"/>
    <circle cx="0" cy="-20" r="7" fill="url(#blue)" ${outline}/>`,
  sun: () => `
    <polygon points="${star(12, 50, 34)}" fill="url(#gold)" ${outline}/>
    <circle cx="0" cy="0" r="26" fill="url(#red)" ${outline}/>
    <circle cx="-8" cy="-9" r="9" fill="url(#shine)"/>`,
  pearl: () => `
    <path d="M-48 10 Q-48 -40 0 -44 Q48 -40 48 10 Z" fill="url(#purple)" ${outline}/>
    <path d="M-48 10 Q0 44 48 10 Z" fill="url(#accent)" ${outline}/>
    <circle cx="0" cy="4" r="20" fill="url(#silver)" ${outline}/>
    <circle cx="-7" cy="-3" r="8" fill="url(#shine)"/>`,
  shell: () => `
    <path d="M0 44 L-48 -6 Q-30 -48 0 -48 Q30 -48 48 -6 Z" fill="url(#accent)" ${outline}/>
    <path d="M0 44 L-30 -38 M0 44 L-12 -47 M0 44 L12 -47 M0 44 L30 -38" stroke="#1a1026" stroke-width="2.5"/>
    <path d="M-14 44 H14 L8 52 H-8 Z" fill="url(#gold)" ${outline}/>`,
  wave: () => `
    <path d="M-50 30 Q-46 -30 6 -40 Q44 -44 48 -10 Q30 -28 14 -10 Q2 4 20 16 Q-4 20 -10 0 Q-20 26 -50 30 Z" fill="url(#blue)" ${outline}/>
    <path d="M-50 30 H50 V44 H-50 Z" fill="url(#accent)" ${outline}/>
    <circle cx="24" cy="-22" r="6" fill="#fff" fill-opacity="0.8"/>`,
  anchor: () => `
    <circle cx="0" cy="-38" r="10" fill="none" stroke="url(#gold)" stroke-width="7"/>
    <path d="M0 -28 V40 M-22 -14 H22 M-42 10 Q-40 44 0 44 Q40 44 42 10" stroke="url(#gold)" stroke-width="9" fill="none" stroke-linecap="round"/>
    <path d="M-48 16 L-42 2 L-34 16 Z M48 16 L42 2 L34 16 Z" fill="url(#gold)"/>`,
  fish: () => `
    <path d="M-40 0 Q-4 -40 34 0 Q-4 40 -40 0 Z" fill="url(#accent)" ${outline}/>
    <path d="M30 0 L52 -22 L48 0 L52 22 Z" fill="url(#gold)" ${outline}/>
    <circle cx="-20" cy="-6" r="6" fill="#fff" stroke="#1a1026" stroke-width="2"/>${pip(-20, -6, 3)}
    <path d="M-2 -18 Q6 0 -2 18 M10 -16 Q18 0 10 16" stroke="#1a1026" stroke-width="2" fill="none" opacity="0.5"/>`,
  cherry: () => `
    <path d="M-16 14 Q-10 -26 16 -44 M18 18 Q12 -16 16 -44" stroke="#2f6b1f" stroke-width="5" fill="none" stroke-linecap="round"/>
    <path d="M16 -44 Q40 -50 44 -30 Q28 -28 16 -44 Z" fill="url(#green)" ${outline}/>
    <circle cx="-18" cy="26" r="22" fill="url(#red)" ${outline}/>
    <circle cx="20" cy="30" r="22" fill="url(#red)" ${outline}/>
    <circle cx="-25" cy="18" r="7" fill="url(#shine)"/><circle cx="13" cy="22" r="7" fill="url(#shine)"/>`,
  lemon: () => `
    <path d="M-50 0 Q-44 -40 0 -40 Q44 -40 50 0 Q44 40 0 40 Q-44 40 -50 0 Z" fill="url(#gold)" ${outline}/>
    <ellipse cx="-14" cy="-14" rx="16" ry="9" fill="url(#shine)"/>
    <path d="M30 -36 Q44 -48 52 -40 Q44 -32 30 -36 Z" fill="url(#green)" ${outline}/>`,
  seven: () => `
    <text x="0" y="36" text-anchor="middle" font-family="Liberation Sans, Arial, sans-serif" font-weight="900" font-size="110" fill="url(#red)" stroke="#1a1026" stroke-width="4" paint-order="stroke">7</text>`,
  bell: () => `
    <path d="M-40 30 Q-36 -44 0 -44 Q36 -44 40 30 Z" fill="url(#gold)" ${outline}/>
    <rect x="-48" y="26" width="96" height="12" rx="6" fill="url(#gold)" ${outline}/>
    <circle cx="0" cy="44" r="9" fill="url(#gold)" ${outline}/>
    <ellipse cx="-14" cy="-16" rx="8" ry="18" fill="url(#shine)"/>`,
  grape: () => `
    ${[
      [-20, -20],
      [0, -22],
      [20, -20],
      [-12, 0],
      [10, 0],
      [-2, 20],
      [0, 40],
    ]
      .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="14" fill="url(#purple)" ${outline}/>`)
      .join('')}
    <path d="M0 -34 Q4 -48 16 -50" stroke="#2f6b1f" stroke-width="5" fill="none"/>`,
  planet: () => `
    <circle cx="0" cy="0" r="32" fill="url(#accent)" ${outline}/>
    <ellipse cx="0" cy="4" rx="54" ry="14" fill="none" stroke="url(#gold)" stroke-width="7" transform="rotate(-18)"/>
    <circle cx="-10" cy="-12" r="12" fill="url(#shine)"/>`,
  star: () =>
    `<polygon points="${star(5, 50, 22)}" fill="url(#gold)" ${outline}/><circle cx="-8" cy="-10" r="10" fill="url(#shine)"/>`,
  rocket: () => `
    <g transform="rotate(35)">
      <path d="M0 -52 Q22 -30 18 22 H-18 Q-22 -30 0 -52 Z" fill="url(#silver)" ${outline}/>
      <path d="M-18 4 L-34 30 L-18 24 Z M18 4 L34 30 L18 24 Z" fill="url(#red)" ${outline}/>
      <circle cx="0" cy="-14" r="9" fill="url(#blue)" ${outline}/>
      <path d="M-10 24 Q0 56 10 24 Z" fill="url(#gold)"/>
    </g>`,
  moon: () => `
    <path d="M10 -48 A48 48 0 1 0 40 30 A38 38 0 1 1 10 -48 Z" fill="url(#gold)" ${outline}/>
    <circle cx="-18" cy="10" r="5" fill="#b7791f"/><circle cx="-4" cy="30" r="3" fill="#b7791f"/>`,
  comet: () => `
    <path d="M-50 40 L10 -8 L22 6 Z" fill="url(#accent)" opacity="0.85"/>
    <path d="M-40 22 L14 -14 M-30 46 L22 0" stroke="#fff" stroke-opacity="0.6" stroke-width="3"/>
    <circle cx="22" cy="-14" r="22" fill="url(#gold)" ${outline}/>
    <circle cx="16" cy="-20" r="7" fill="url(#shine)"/>`,
  dragon: () => `
    <path d="M-48 0 Q0 -40 48 0 Q0 40 -48 0 Z" fill="url(#red)" ${outline}/>
    <ellipse cx="0" cy="0" rx="22" ry="28" fill="url(#gold)" ${outline}/>
    <ellipse cx="0" cy="0" rx="5" ry="24" fill="#1a1026"/>
    <path d="M-48 0 L-56 -18 L-36 -10 M48 0 L56 -18 L36 -10" stroke="#1a1026" stroke-width="3" fill="url(#red)"/>`,
  crown: () => `
    <path d="M-46 30 L-50 -30 L-24 -4 L0 -42 L24 -4 L50 -30 L46 30 Z" fill="url(#gold)" ${outline}/>
    <rect x="-46" y="26" width="92" height="14" rx="4" fill="url(#gold)" ${outline}/>
    <circle cx="0" cy="10" r="8" fill="url(#red)" ${outline}/><circle cx="-26" cy="14" r="6" fill="url(#blue)" ${outline}/><circle cx="26" cy="14" r="6" fill="url(#green)" ${outline}/>`,
  rune: () => `
    <path d="M-34 -48 H34 L44 48 H-44 Z" fill="url(#silver)" ${outline}/>
    <path d="M-6 -30 V32 M-6 -30 L18 -8 L-6 10 L20 32" stroke="url(#blue)" stroke-width="8" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`,
  crystal: () => `
    <path d="M0 -52 L30 -16 L18 48 H-18 L-30 -16 Z" fill="url(#accent)" ${outline}/>
    <path d="M0 -52 L8 -16 L0 48 M-30 -16 H30" stroke="#fff" stroke-opacity="0.6" stroke-width="2" fill="none"/>
    <path d="M0 -52 L-30 -16 L-18 48 H0 Z" fill="#fff" fill-opacity="0.2"/>`,
  flame: () => `
    <path d="M0 50 Q-42 46 -38 8 Q-34 -22 -8 -50 Q-4 -22 12 -16 Q18 -34 14 -44 Q44 -16 38 14 Q34 46 0 50 Z" fill="url(#red)" ${outline}/>
    <path d="M0 46 Q-20 42 -18 20 Q-14 2 0 -8 Q4 10 14 14 Q22 40 0 46 Z" fill="url(#gold)"/>`,
  gem: () => `
    <path d="M-44 -16 L-24 -40 H24 L44 -16 L0 44 Z" fill="url(#accent)" ${outline}/>
    <path d="M-44 -16 H44 M-24 -40 L-12 -16 L0 44 L12 -16 L24 -40 M-12 -16 L0 -40 L12 -16" stroke="#fff" stroke-opacity="0.55" stroke-width="2" fill="none"/>`,
  die: () => `
    <rect x="-44" y="-44" width="88" height="88" rx="18" fill="url(#silver)" ${outline}/>
    ${pip(-22, -22, 8)}${pip(22, -22, 8)}${pip(0, 0, 8, '#e53e3e')}${pip(-22, 22, 8)}${pip(22, 22, 8)}`,
  horseshoe: () => `
    <path d="M-34 44 L-42 -4 Q-44 -48 0 -48 Q44 -48 42 -4 L34 44 H16 L24 -2 Q26 -28 0 -28 Q-26 -28 -24 -2 L-16 44 Z" fill="url(#silver)" ${outline}/>
    ${[-34, -30, -16, 16, 30, 34].map((x, i) => pip(x, [18, -18, -38, -38, -18, 18][i] ?? 0, 4, '#5b6472')).join('')}`,
  cactus: () => `
    <path d="M-10 48 V-36 Q-10 -50 0 -50 Q10 -50 10 -36 V48 Z" fill="url(#green)" ${outline}/>
    <path d="M-10 10 H-28 Q-38 10 -38 0 V-22 Q-38 -30 -31 -30 Q-24 -30 -24 -22 V-4 H-10 Z" fill="url(#green)" ${outline}/>
    <path d="M10 -2 H28 Q38 -2 38 -12 V-30 Q38 -38 31 -38 Q24 -38 24 -30 V-16 H10 Z" fill="url(#green)" ${outline}/>
    <path d="M-40 48 H40" stroke="#b7791f" stroke-width="6" stroke-linecap="round"/>`,
  nugget: () => `
    <path d="M-44 18 L-34 -18 L-8 -36 L22 -30 L44 -6 L40 26 L10 40 L-26 38 Z" fill="url(#gold)" ${outline}/>
    <path d="M-8 -36 L-2 -6 L22 -30 M-2 -6 L40 26 M-2 -6 L-34 -18 M-2 -6 L-26 38" stroke="#b7791f" stroke-width="2" fill="none"/>
    <ellipse cx="-14" cy="-14" rx="12" ry="7" fill="url(#shine)"/>`,
  ace: () => card('A', '♠', '#1a1026'),
  king: () => card('K', '♥', '#d62839'),
};

/** A playing card face with its corner index and a large centre suit. */
export const card = (rank: string, suit: string, color: string) => `
  <rect x="-40" y="-56" width="80" height="112" rx="10" fill="url(#silver)" ${outline}/>
  <rect x="-33" y="-49" width="66" height="98" rx="6" fill="#fffdf7"/>
  <text x="-24" y="-24" text-anchor="middle" font-family="Liberation Sans, Arial, sans-serif" font-weight="700" font-size="24" fill="${color}">${rank}</text>
  <text x="0" y="24" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="56" fill="${color}">${suit}</text>`;

export const symbol = (name: string) => {
  const draw = SYMBOLS[name];
  if (!draw) throw new Error(`no artwork symbol "${name}"`);
  return draw();
};
