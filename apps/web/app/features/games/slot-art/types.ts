/** A symbol drawing: the shapes of one 64 × 64 SVG picture (the `<svg>` around it is the caller's). */
export type TSymbolDrawing = () => React.ReactElement;

/** One slot theme's drawings, by the symbol ids of its engine's paytable. */
export type TSlotArt = Readonly<Record<string, TSymbolDrawing>>;
