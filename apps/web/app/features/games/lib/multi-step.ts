/** Figures the multi-step screens preview before the server answers (the server's figures are the ones paid). */
const choose = (n: number, k: number) => {
  let r = 1;
  for (let i = 0; i < k; i++) r = (r * (n - i)) / (i + 1);
  return r;
};
/** Mines: cash-out multiplier after k safe tiles with m mines = 0.99 × C(25, k) / C(25 − m, k). */
export const minesMultiplier = (mines: number, k: number) =>
  k === 0 ? 1 : k > 25 - mines ? 0 : (0.99 * choose(25, k)) / choose(25 - mines, k);

/** Hi-lo: ranks 1 (ace) … 13 (king); how many ranks win a guess from `rank`. */
export const hiloWinningRanks = (rank: number, guess: string) => {
  switch (guess) {
    case 'higher':
      return 13 - rank;
    case 'lower':
      return rank - 1;
    case 'same':
      return 1;
    case 'higher_or_same':
      return 14 - rank;
    case 'lower_or_same':
      return rank;
    default:
      return 0;
  }
};
