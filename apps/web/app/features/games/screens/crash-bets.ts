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

/**
 * The auto cash-out controls after a reload: those of the player's latest open bet (ticked at its multiplier, or
 * unticked when it had none), so the form does not show its defaults beside "auto at 1.20×" as if they were the
 * placed bet's; none when no bet is open.
 */
export const restoredAutoForm = (
  bets: readonly TCrashBetView[],
): { auto: boolean; value: string | null } | null => {
  const open = bets.filter((b) => !settled(b)).at(-1);
  if (!open) return null;
  return open.auto_cashout == null
    ? { auto: false, value: null }
    : { auto: true, value: open.auto_cashout.toFixed(2) };
};
