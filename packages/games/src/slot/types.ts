/** Slot definitions are data: symbols (named for the art), reel strips, paylines, paytable, free spins. */

export type TSlotSymbol = { id: string; name: string; kind: 'regular' | 'wild' | 'scatter' };

export type TSlotDefinition = {
  id: string;
  name: string;
  theme: string;
  volatility: 'low' | 'medium' | 'high';
  rows: number;
  symbols: TSlotSymbol[];
  /** Base-game reel strips, top to bottom; a stop shows strip[stop], strip[stop + 1] … (wrapping). */
  reels: string[][];
  /** Free-spin reel strips (same number of reels). */
  freeSpinReels: string[][];
  /** Each payline names the row (0 = top) it crosses on each reel. */
  paylines: number[][];
  /** Line pays in multiples of the line bet, by symbol, indexed by how many in a row from the left reel. */
  paytable: Record<string, number[]>;
  /** Scatter pays in multiples of the total bet, indexed by how many scatters are visible anywhere. */
  scatterPays: number[];
  freeSpins: {
    /** Free spins awarded, indexed by scatter count (0 below the trigger of 3). */
    awards: number[];
    /** Every free-spin win is multiplied by this. Free spins do not retrigger. */
    multiplier: number;
  };
};
