/** The crash screen's reading of its bets: settled or not, what one gave back, the auto cash-outs of a reload. */
import type { TCrashBetView } from './use-crash-table';

export const settled = (b: TCrashBetView) => b.status !== 'open';

/** What a settled bet gave back: the win, or the stake of a returned bet. */
export const paidBack = (b: TCrashBetView) =>
  b.status === 'returned' ? b.bet : b.status === 'cashed_out' ? b.win : 0;

/** The auto cash-out of each restored bet in hundredths, as the screen keeps its own (the server sends 1.2). */
export const restoredAutos = (bets: readonly TCrashBetView[]): Record<string, number | null> =>
  Object.fromEntries(
    bets.map((b) => [b.round_id, b.auto_cashout == null ? null : Math.round(b.auto_cashout * 100)]),
  );
