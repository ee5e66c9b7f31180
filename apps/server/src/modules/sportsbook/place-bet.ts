/**
 * sportsbook.placeBet: singles (one bet per selection), a combo (one bet, one selection per event) or a system bet
 * (every combination of its size, or a named system). The stake of every bet of the slip is ONE bet of the
 * wallet's placeBet on the player's dgt_sportsbook session: the book's rows for the slip (quote.ts: bookText) are
 * read under the player's lock; the slip's plan judges the selections and limits on them in memory and records the
 * bets with the stake, the consequences and the commit (in a batch of placements, one insert and one
 * wallet_round_many for all their slips: docs/decisions/046). The answer is built from what was written.
 * A slip with a live selection is judged once, waits the live delay outside the transaction, and is judged and
 * recorded after it (a pre-match slip never waits). Idempotent by bet_uuid: the wallet knows the round's
 * transaction id, and a repeat answers the bets the first one made.
 */
import { toMajor } from '@casino/contracts';
import type { TParsedParams } from '@casino/contracts/call';
import type { TBet, ZPlaceBet } from '@casino/contracts/calls/sportsbook';
import type { TAppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { forgetWalletToken, walletToken } from '../games/index.ts';
import { getBalances, toBigInt } from '../ledger/index.ts';
import { blockedAsAppError, placeBet as placeWalletBet, WalletError } from '../wallet/index.ts';
import { listBets } from './bets-view.ts';
import { checkLimits } from './limits.ts';
import { insertPart, placedView } from './place-record.ts';
import { checkShape, planBets } from './plan.ts';
import { bookText, judgeSelections, type TBookRow } from './quote.ts';
import { SPORTSBOOK_GAME } from './sportsbook-game.ts';

type TPlaceParams = TParsedParams<typeof ZPlaceBet>;
type TCtx = Pick<TAppContext, 'db' | 'bus' | 'providers' | 'bets' | 'config'>;

const placed = (ctx: TCtx, playerId: number, betUuid: string) =>
  listBets(
    ctx.db,
    { playerId, status: 'all', offset: 0, count: 100, betUuid },
    ctx.config.SPORTSBOOK_CASHOUT_MARGIN,
  );

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const isSessionGone = (error: unknown) =>
  error instanceof WalletError && (error.code === 'SESSION_EXPIRED' || error.code === 'SESSION_NOT_FOUND');

/** A live slip judged before its delay: the transaction is undone, the delay served, the slip placed after it. */
class LiveDelay extends Error {}

/** The open stakes per event out of the book's rows. */
const stakedOf = (rows: TBookRow[], eventIds: string[]) =>
  new Map(rows.map((row) => [eventIds[row.i] as string, toBigInt(row.staked)]));

/** Places the slip; answers its bets or throws (a refusal, WalletError, LiveDelay before the delay was served). */
const record = async (ctx: TCtx, playerId: number, params: TPlaceParams, delayed: boolean) => {
  const key = { playerId, sysname: SPORTSBOOK_GAME, mode: 'real' as const };
  const roundId = `sb:${playerId}:${params.bet_uuid}`;
  // The total stake is stake × lines, whatever the odds.
  const total = planBets(
    params,
    params.selections.map((s, index) => ({ ...s, index, taken: 1000, live: false })),
  ).reduce((sum, b) => sum + b.totalStake, 0n);
  const eventIds = params.selections.map((s) => s.event_id);
  const once = async (token: string) => {
    const result = await placeWalletBet(ctx, {
      wallet: { session: token },
      roundId,
      transactionId: `${roundId}:bet`,
      stake: total,
      source: 'sportsbook',
      round: {
        read: bookText(playerId, params.selections),
        plan: (rows) => {
          const book = rows as unknown as TBookRow[];
          const now = ctx.providers.clock.now();
          const quoted = judgeSelections(params.selections, book, params.accept_odds, now);
          if (!delayed && ctx.config.SPORTSBOOK_LIVE_DELAY_MS > 0 && quoted.some((q) => q.live))
            throw new LiveDelay();
          const bets = planBets(params, quoted);
          const factor = book[0]?.factor;
          checkLimits(
            factor === null || factor === undefined ? 1000n : toBigInt(factor),
            stakedOf(book, eventIds),
            bets,
            book.map((row) =>
              row.max_stake === null || row.max_stake === undefined ? null : toBigInt(row.max_stake),
            ),
          );
          const placement = { playerId, betUuid: params.bet_uuid, token, roundId, now };
          return { records: [insertPart(placement, bets)], win: null, value: { placement, bets, book } };
        },
      },
    });
    const { placement, bets, book } = result.value;
    const ids = (result.recorded[0]?.[0]?.ids ?? []) as unknown[];
    return placedView(placement, bets, book, ids, ctx.config.SPORTSBOOK_CASHOUT_MARGIN);
  };
  let token = await walletToken(ctx, key);
  try {
    try {
      return await once(token);
    } catch (error) {
      if (!isSessionGone(error)) throw error;
      await forgetWalletToken(ctx, key, token);
      token = await walletToken(ctx, key);
      return await once(token);
    }
  } catch (error) {
    if (error instanceof WalletError && error.code === 'TRANSACTION_MISMATCH') {
      // The bet_uuid was placed before (or concurrently): answer the bets it made.
      const again = await placed(ctx, playerId, params.bet_uuid);
      if (again.items.length > 0) return again.items.reverse();
    }
    if (error instanceof WalletError && error.code === 'INSUFFICIENT_FUNDS') {
      const balances = await getBalances(ctx.db, playerId);
      throw new AppError('UserNeedDepositException', {
        required: toMajor(total),
        balance: toMajor(toBigInt(balances.main)),
        mode: 'real',
      });
    }
    if (error instanceof WalletError && error.code === 'PLAYER_BLOCKED') throw blockedAsAppError(error);
    throw error;
  }
};

export const placeBet = async (
  ctx: TCtx,
  playerId: number,
  params: TPlaceParams,
): Promise<{ bets: TBet[] }> => {
  checkShape(params);
  try {
    return { bets: await record(ctx, playerId, params, false) };
  } catch (error) {
    if (!(error instanceof LiveDelay)) throw error;
    await sleep(ctx.config.SPORTSBOOK_LIVE_DELAY_MS);
    return { bets: await record(ctx, playerId, params, true) };
  }
};
