/** Dragon's Hoard: a dragon's treasure cave, 5×3, 25 lines, high volatility. */
import { LINES_5X3_25 } from '../paylines.ts';
import { buildStrip } from '../strip.ts';
import type { TSlotDefinition } from '../types.ts';

const reel = (extra: Record<string, number>) =>
  buildStrip({ W: 1, S: 2, DR: 2, KN: 3, SH: 4, CR: 5, TEN: 8, J: 8, Q: 8, K: 7, A: 6, ...extra });

export const dragonsHoard: TSlotDefinition = {
  id: 'dragons-hoard',
  name: "Dragon's Hoard",
  theme: 'Fantasy: a sleeping dragon on a mountain of gold',
  volatility: 'high',
  rows: 3,
  symbols: [
    { id: 'W', name: 'Dragon Egg (wild)', kind: 'wild' },
    { id: 'S', name: 'Treasure Chest (scatter)', kind: 'scatter' },
    { id: 'DR', name: 'Red Dragon', kind: 'regular' },
    { id: 'KN', name: 'Knight', kind: 'regular' },
    { id: 'SH', name: 'Shield', kind: 'regular' },
    { id: 'CR', name: 'Crown', kind: 'regular' },
    { id: 'A', name: 'Rune A', kind: 'regular' },
    { id: 'K', name: 'Rune K', kind: 'regular' },
    { id: 'Q', name: 'Rune Q', kind: 'regular' },
    { id: 'J', name: 'Rune J', kind: 'regular' },
    { id: 'TEN', name: 'Rune 10', kind: 'regular' },
  ],
  reels: [reel({}), reel({}), reel({ W: 1 }), reel({}), reel({})],
  freeSpinReels: [reel({}), reel({ W: 2 }), reel({ W: 3 }), reel({ W: 2 }), reel({})],
  paylines: LINES_5X3_25,
  paytable: {
    W: [0, 0, 0, 120, 1200, 12000],
    DR: [0, 0, 12, 120, 600, 6000],
    KN: [0, 0, 0, 60, 240, 1200],
    SH: [0, 0, 0, 35, 120, 480],
    CR: [0, 0, 0, 24, 90, 300],
    A: [0, 0, 0, 12, 45, 175],
    K: [0, 0, 0, 12, 35, 150],
    Q: [0, 0, 0, 6, 30, 120],
    J: [0, 0, 0, 6, 24, 120],
    TEN: [0, 0, 0, 6, 18, 90],
  },
  scatterPays: [0, 0, 0, 3, 20, 200],
  freeSpins: { awards: [0, 0, 0, 12, 20, 30], multiplier: 5 },
};
