/** Ocean Pearls: under the sea, 5×3, 10 lines, low volatility. */
import { LINES_5X3_10 } from '../paylines.ts';
import { buildStrip } from '../strip.ts';
import type { TSlotDefinition } from '../types.ts';

const reel = (extra: Record<string, number>) =>
  buildStrip({ W: 2, S: 2, MR: 3, TU: 4, SE: 5, SH: 5, A: 5, K: 5, Q: 6, J: 6, ...extra });

export const oceanPearls: TSlotDefinition = {
  id: 'ocean-pearls',
  name: 'Ocean Pearls',
  theme: 'Under the sea: a mermaid, turtles and pearl oysters on a coral reef',
  volatility: 'low',
  rows: 3,
  symbols: [
    { id: 'W', name: 'Pearl (wild)', kind: 'wild' },
    { id: 'S', name: 'Oyster (scatter)', kind: 'scatter' },
    { id: 'MR', name: 'Mermaid', kind: 'regular' },
    { id: 'TU', name: 'Sea Turtle', kind: 'regular' },
    { id: 'SE', name: 'Seahorse', kind: 'regular' },
    { id: 'SH', name: 'Starfish', kind: 'regular' },
    { id: 'A', name: 'Coral A', kind: 'regular' },
    { id: 'K', name: 'Coral K', kind: 'regular' },
    { id: 'Q', name: 'Coral Q', kind: 'regular' },
    { id: 'J', name: 'Coral J', kind: 'regular' },
  ],
  reels: [reel({}), reel({ W: 1 }), reel({ W: 1 }), reel({ W: 1 }), reel({})],
  freeSpinReels: [reel({}), reel({ W: 2 }), reel({ W: 2 }), reel({ W: 2 }), reel({})],
  paylines: LINES_5X3_10,
  paytable: {
    W: [0, 0, 0, 40, 200, 1000],
    MR: [0, 0, 4, 40, 160, 800],
    TU: [0, 0, 0, 30, 100, 400],
    SE: [0, 0, 0, 20, 60, 250],
    SH: [0, 0, 0, 16, 50, 200],
    A: [0, 0, 0, 10, 30, 125],
    K: [0, 0, 0, 10, 25, 100],
    Q: [0, 0, 0, 10, 20, 80],
    J: [0, 0, 0, 8, 20, 80],
  },
  scatterPays: [0, 0, 0, 2, 5, 20],
  freeSpins: { awards: [0, 0, 0, 8, 12, 15], multiplier: 2 },
};
