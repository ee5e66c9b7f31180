/** Builds a reel strip from symbol counts, spreading each symbol evenly (deterministic). */
export const buildStrip = (counts: Record<string, number>): string[] => {
  const length = Object.values(counts).reduce((a, b) => a + b, 0);
  const placed: { symbol: string; at: number; order: number }[] = [];
  Object.entries(counts).forEach(([symbol, count], order) => {
    for (let j = 0; j < count; j++)
      placed.push({ symbol, at: ((j + 0.5) * length) / count + order * 0.37, order });
  });
  placed.sort((a, b) => a.at - b.at || a.order - b.order);
  return placed.map((p) => p.symbol);
};
