/** Fruit Frenzy: classic fruit machine, 3×3, 5 lines, low volatility. */
import { LINES_3X3_5 } from '../paylines.ts';
import { buildStrip } from '../strip.ts';
import type { TSlotDefinition } from '../types.ts';

const reel = (extra: Record<string, number>) =>
  buildStrip({ W: 2, S: 2, SEVEN: 2, BAR: 3, BELL: 4, PLUM: 5, ORANGE: 6, LEMON: 7, CHERRY: 6, ...extra });

export const fruitFrenzy: TSlotDefinition = {
  id: 'fruit-frenzy',
  name: 'Fruit Frenzy',
  theme: 'A classic fruit machine: cherries, lemons, bells and lucky sevens',
  volatility: 'low',
  rows: 3,
  symbols: [
    { id: 'W', name: 'Golden Star (wild)', kind: 'wild' },
    { id: 'S', name: 'Lucky Clover (scatter)', kind: 'scatter' },
    { id: 'SEVEN', name: 'Red Seven', kind: 'regular' },
    { id: 'BAR', name: 'Triple Bar', kind: 'regular' },
    { id: 'BELL', name: 'Bell', kind: 'regular' },
    { id: 'PLUM', name: 'Plum', kind: 'regular' },
    { id: 'ORANGE', name: 'Orange', kind: 'regular' },
    { id: 'LEMON', name: 'Lemon', kind: 'regular' },
    { id: 'CHERRY', name: 'Cherry', kind: 'regular' },
  ],
  reels: [reel({ W: 2 }), reel({ W: 2 }), reel({ W: 2 })],
  freeSpinReels: [reel({ W: 3 }), reel({ W: 4 }), reel({ W: 3 })],
  paylines: LINES_3X3_5,
  paytable: {
    W: [0, 0, 0, 160],
    SEVEN: [0, 0, 0, 80],
    BAR: [0, 0, 0, 40],
    BELL: [0, 0, 0, 24],
    PLUM: [0, 0, 0, 16],
    ORANGE: [0, 0, 0, 13],
    LEMON: [0, 0, 0, 10],
    CHERRY: [0, 0, 3, 8],
  },
  scatterPays: [0, 0, 0, 5],
  freeSpins: { awards: [0, 0, 0, 8], multiplier: 2 },
};
