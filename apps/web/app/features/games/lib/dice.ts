/** Dice figures the screen shows, by the engine's rules: 10001 rolls, payout 0.99 × 10001 ÷ winning rolls. */
export const diceWinning = (target: number, over: boolean) => (over ? 10000 - target : target);
/** Win chance in percent. */
export const diceChance = (target: number, over: boolean) => (diceWinning(target, over) / 10001) * 100;
/** Payout multiplier (stake included), 4 decimals down like the server. */
export const dicePayout = (target: number, over: boolean) => {
  const winning = diceWinning(target, over);
  return winning > 0 ? Math.floor((0.99 * 10001 * 10000) / winning) / 10000 : 0;
};
