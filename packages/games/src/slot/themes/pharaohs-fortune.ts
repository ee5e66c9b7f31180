/** Pharaoh's Fortune: Egyptian tomb, 5×3, 20 lines, medium volatility. */
import { LINES_5X3_20 } from '../paylines.ts';
import { buildStrip } from '../strip.ts';
import type { TSlotDefinition } from '../types.ts';

const reel = (extra: Record<string, number>) =>
  buildStrip({ W: 2, S: 2, PH: 3, AN: 4, EY: 5, SC: 5, A: 6, K: 7, Q: 7, J: 8, ...extra });

export const pharaohsFortune: TSlotDefinition = {
  id: 'pharaohs-fortune',
  name: "Pharaoh's Fortune",
  theme: 'Ancient Egypt: a pharaoh’s tomb of gold, ankhs and scarabs',
  volatility: 'medium',
  rows: 3,
  symbols: [
    { id: 'W', name: 'Golden Sphinx (wild)', kind: 'wild' },
    { id: 'S', name: 'Pyramid (scatter)', kind: 'scatter' },
    { id: 'PH', name: 'Pharaoh Mask', kind: 'regular' },
    { id: 'AN', name: 'Ankh', kind: 'regular' },
    { id: 'EY', name: 'Eye of Horus', kind: 'regular' },
    { id: 'SC', name: 'Scarab', kind: 'regular' },
    { id: 'A', name: 'Hieroglyph A', kind: 'regular' },
    { id: 'K', name: 'Hieroglyph K', kind: 'regular' },
    { id: 'Q', name: 'Hieroglyph Q', kind: 'regular' },
    { id: 'J', name: 'Hieroglyph J', kind: 'regular' },
  ],
  reels: [reel({}), reel({ W: 1 }), reel({ W: 2 }), reel({ W: 1 }), reel({})],
  freeSpinReels: [reel({}), reel({ W: 3 }), reel({ W: 3 }), reel({ W: 3 }), reel({})],
  paylines: LINES_5X3_20,
  paytable: {
    W: [0, 0, 0, 55, 275, 2750],
    PH: [0, 0, 5, 45, 220, 1100],
    AN: [0, 0, 0, 28, 110, 550],
    EY: [0, 0, 0, 22, 80, 330],
    SC: [0, 0, 0, 16, 55, 220],
    A: [0, 0, 0, 11, 28, 110],
    K: [0, 0, 0, 6, 22, 80],
    Q: [0, 0, 0, 5, 16, 65],
    J: [0, 0, 0, 5, 11, 55],
  },
  scatterPays: [0, 0, 0, 2, 10, 50],
  freeSpins: { awards: [0, 0, 0, 10, 15, 20], multiplier: 3 },
};
