/**
 * Settling one bet of a crash round, by whoever gets there first (the player's cash-out, the table clock's auto
 * cash-out or crash, on any instance): the play round changes once (a conditional update), its win is credited
 * once (its transaction id is the round's), and the public list row follows it once.
 */
import type { Cents } from '@casino/contracts';
import type { TCrashOutcome } from '@casino/games';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../../platform/db/database.ts';
import { AppError } from '../../../platform/http/app-error.ts';
import { gameWalletOf } from '../play/game-wallet.ts';
import { applyAction, creditFinishedRound } from '../play/play-round.ts';
import type { TPlayCtx } from '../play/round-steps.ts';
import { loadRound, ownerOfRound, type TRoundRow } from '../play/rounds.ts';
import { CRASH_BET_TOPIC, crashBetView, type TCrashBetRow } from './crash-round.ts';

export type TCrashSettleAction = { type: 'cashout'; multiplier: number } | { type: 'end' };

const isRoundChanged = (error: unknown) =>
  error instanceof AppError && error.errorData.reason === 'round_changed';

/** Mirrors a settled play round into the round's public list (once) and tells every player. */
const syncCrashBet = async (ctx: TPlayCtx, round: TRoundRow) => {
  if (round.status === 'open') return;
  const outcome = round.outcome as TCrashOutcome | null;
  const won = round.status === 'finished' && outcome?.won === true;
  const status = round.status === 'rolled_back' ? 'returned' : won ? 'cashed_out' : 'lost';
  const [row] = await queryRows<TCrashBetRow>(
    ctx.db,
    sql`update crash_bets set status = ${status}, cashout = ${won ? (outcome?.cashedOutAt ?? null) : null},
          win = ${round.status === 'finished' ? round.win : 0n}, settled_at = ${ctx.providers.clock.now()}
        where round_id = ${round.id} and status = 'open' returning *`,
  );
  if (row)
    await ctx.bus.publish(CRASH_BET_TOPIC, {
      sysname: row.sysname,
      table_round_id: row.table_round_id,
      bet: crashBetView(row),
    });
};

/**
 * Brings a bet to its end with `action`: an open bet is stepped (a concurrent settlement wins and this reads
 * its result), a finished one credited (idempotent), a returned one has its stake given back (idempotent).
 */
export const settleCrashBet = async (
  ctx: TPlayCtx,
  roundId: string,
  action: TCrashSettleAction,
): Promise<{ round: TRoundRow; balance: Cents } | null> => {
  let round = await loadRound(ctx.db, roundId);
  if (!round) return null;
  const owner = await ownerOfRound(ctx.db, round);
  const wallet = gameWalletOf(ctx, owner, round.sysname, round.mode);
  let balance: Cents | null = null;
  if (round.status === 'open' && !round.finishedAt) {
    try {
      ({ round, balance } = await applyAction(ctx, round, owner, action));
    } catch (error) {
      if (!isRoundChanged(error)) throw error;
      round = (await loadRound(ctx.db, roundId)) ?? round;
    }
  }
  if (round.status === 'open' && round.finishedAt)
    ({ round, balance } = await creditFinishedRound(ctx, round, wallet, owner));
  if (round.status === 'rolled_back')
    balance = await wallet.rollback(round.id, `${round.id}:rollback:0`, `${round.id}:bet:0`);
  await syncCrashBet(ctx, round);
  return { round, balance: balance ?? (await wallet.balance()) };
};

/** The restart rule's return: the bet is claimed as void (if still undecided), then its stake goes back. */
export const returnCrashBet = async (ctx: TPlayCtx, roundId: string) => {
  await ctx.db.execute(
    sql`update play_rounds set status = 'rolled_back', updated_at = ${ctx.providers.clock.now()}
        where id = ${roundId} and status = 'open' and finished_at is null`,
  );
  return settleCrashBet(ctx, roundId, { type: 'end' });
};
