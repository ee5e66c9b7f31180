/** Wild West Gold: a frontier gold rush, 5×3, 20 lines, medium-high volatility. */
import { LINES_5X3_20 } from '../paylines.ts';
import { buildStrip } from '../strip.ts';
import type { TSlotDefinition } from '../types.ts';

const reel = (extra: Record<string, number>) =>
  buildStrip({ W: 1, S: 2, SH: 2, HO: 3, RE: 4, BO: 5, A: 6, K: 7, Q: 7, J: 8, ...extra });

export const wildWestGold: TSlotDefinition = {
  id: 'wild-west-gold',
  name: 'Wild West Gold',
  theme: 'The frontier: a sheriff, horses, revolvers and gold nuggets',
  volatility: 'high',
  rows: 3,
  symbols: [
    { id: 'W', name: 'Sheriff Badge (wild)', kind: 'wild' },
    { id: 'S', name: 'Gold Nugget (scatter)', kind: 'scatter' },
    { id: 'SH', name: 'Sheriff', kind: 'regular' },
    { id: 'HO', name: 'Horse', kind: 'regular' },
    { id: 'RE', name: 'Revolver', kind: 'regular' },
    { id: 'BO', name: 'Cowboy Boot', kind: 'regular' },
    { id: 'A', name: 'Wanted A', kind: 'regular' },
    { id: 'K', name: 'Wanted K', kind: 'regular' },
    { id: 'Q', name: 'Wanted Q', kind: 'regular' },
    { id: 'J', name: 'Wanted J', kind: 'regular' },
  ],
  reels: [reel({}), reel({ W: 1 }), reel({ W: 1 }), reel({ W: 1 }), reel({})],
  freeSpinReels: [reel({}), reel({ W: 2 }), reel({ W: 4 }), reel({ W: 2 }), reel({})],
  paylines: LINES_5X3_20,
  paytable: {
    W: [0, 0, 0, 60, 600, 6000],
    SH: [0, 0, 6, 60, 300, 2400],
    HO: [0, 0, 0, 35, 175, 850],
    RE: [0, 0, 0, 24, 90, 350],
    BO: [0, 0, 0, 18, 60, 240],
    A: [0, 0, 0, 12, 35, 120],
    K: [0, 0, 0, 5, 24, 90],
    Q: [0, 0, 0, 5, 18, 70],
    J: [0, 0, 0, 5, 12, 60],
  },
  scatterPays: [0, 0, 0, 2, 15, 100],
  freeSpins: { awards: [0, 0, 0, 10, 15, 25], multiplier: 3 },
};
