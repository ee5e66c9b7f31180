/**
 * A player's stake as one transaction of the bet pipeline (wallet betAndRecord) on the player's wallet session for
 * the game: a session the wallet no longer knows is replaced once; the wallet's refusals become the §8 errors a
 * game answers (not enough money: UserNeedDepositException; responsible gaming: its AccessDeniedException).
 */
import type { Cents } from '@casino/contracts';
import { refusalAsAppError } from '../../responsible-gaming/guards.ts';
import {
  betAndRecord,
  type TBetAndRecordInput,
  type TBetAndRecordResult,
} from '../../wallet/bet-and-record.ts';
import { maxBetAsAppError, WalletError } from '../../wallet/wallet-error.ts';
import type { TOwner } from './owner.ts';
import { purseOf, type TMode } from './purse.ts';
import { needDeposit, type TPlayCtx } from './round-steps.ts';
import { extendWalletToken, forgetWalletToken, walletToken } from './wallet-token.ts';

export interface TPlayerBet {
  owner: Extract<TOwner, { kind: 'player' }>;
  sysname: string;
  mode: TMode;
  stake: Cents;
  /** The round the stake opens (`{roundId}:bet:0`). */
  roundId: string;
}

type TRecording<T> = Pick<TBetAndRecordInput<T>, 'prelude' | 'record'>;

const isSessionGone = (error: unknown) =>
  error instanceof WalletError && (error.code === 'SESSION_EXPIRED' || error.code === 'SESSION_NOT_FOUND');

export const betAsPlayer = async <T>(
  ctx: TPlayCtx,
  bet: TPlayerBet,
  recording: TRecording<T>,
): Promise<TBetAndRecordResult<T>> => {
  const key = { playerId: bet.owner.playerId, sysname: bet.sysname, mode: bet.mode };
  const once = (session: string) =>
    betAndRecord(ctx, {
      ...recording,
      session,
      roundId: bet.roundId,
      transactionId: `${bet.roundId}:bet:0`,
      amount: bet.stake,
    });
  let token = await walletToken(ctx, key);
  try {
    let result: TBetAndRecordResult<T>;
    try {
      result = await once(token);
    } catch (error) {
      if (!isSessionGone(error)) throw error;
      await forgetWalletToken(ctx, key, token);
      token = await walletToken(ctx, key);
      result = await once(token);
    }
    await extendWalletToken(ctx, key, token);
    return result;
  } catch (error) {
    if (error instanceof WalletError && error.code === 'INSUFFICIENT_FUNDS')
      throw await needDeposit(purseOf(ctx, bet.owner, bet.sysname, bet.mode), bet.stake, bet.mode);
    if (error instanceof WalletError && error.code === 'PLAYER_BLOCKED') throw refusalAsAppError(error);
    if (error instanceof WalletError && error.code === 'BONUS_MAX_BET') throw maxBetAsAppError(error);
    throw error;
  }
};
