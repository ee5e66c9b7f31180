/**
 * Where a round's money moves. Every stake goes through the wallet's placeBet (modules/wallet): a player's on the
 * wallet session of the game and mode (real: the main account and the active casino bonus; demo: the fun account),
 * a visitor's (demo only, no account) on the wallet's play money for visitors. The wallet's refusals become the §8
 * errors a game answers: not enough money is UserNeedDepositException, responsible gaming its AccessDeniedException.
 */

import { type Cents, toCents, toMajor } from '@casino/contracts';
import type { TAppContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/http/app-error.ts';
import type { TBetSource } from '../../../platform/observability/metrics.ts';
import { getBalances } from '../../ledger/index.ts';
import {
  blockedAsAppError,
  grantDemoFunds,
  maxBetAsAppError,
  placeBet,
  type TPlacedBet,
  type TRoundOrder,
  type TWalletMode,
  visitorBalance,
  visitorCredit,
  WalletError,
  walletService,
} from '../../wallet/index.ts';
import type { TOwner } from './owner.ts';
import { extendWalletToken, forgetWalletToken, type TTokenKey, walletToken } from './wallet-token.ts';

export type TMode = TWalletMode;

type TGameWalletCtx = Pick<TAppContext, 'db' | 'bus' | 'providers' | 'bets'>;

/** The money of one owner's rounds of one game and mode. */
export interface TGameWallet {
  currency: string;
  /** Takes a stake (throws UserNeedDepositException); answers the balance after. */
  bet(roundId: string, transactionId: string, amount: Cents): Promise<Cents>;
  /** Credits a win (0 closes the round without moving money). */
  win(roundId: string, transactionId: string, amount: Cents): Promise<Cents>;
  /** Returns a stake taken by `bet`. */
  rollback(roundId: string, transactionId: string, betTransactionId: string): Promise<Cents>;
  balance(): Promise<Cents>;
}

const isSessionGone = (error: unknown) =>
  error instanceof WalletError && (error.code === 'SESSION_EXPIRED' || error.code === 'SESSION_NOT_FOUND');

/** A player's call on the game's wallet session; a session the wallet no longer knows is replaced once. */
const onSession = async <R>(ctx: TGameWalletCtx, key: TTokenKey, call: (session: string) => Promise<R>) => {
  let token = await walletToken(ctx, key);
  try {
    return { token, result: await call(token) };
  } catch (error) {
    if (!isSessionGone(error)) throw error;
    await forgetWalletToken(ctx, key, token);
    token = await walletToken(ctx, key);
    return { token, result: await call(token) };
  }
};

/** The wallet's refusals as a game's answers. */
const refusalOf = async (ctx: TGameWalletCtx, owner: TOwner, key: TBetKey, error: unknown) => {
  if (!(error instanceof WalletError)) return error;
  if (error.code === 'INSUFFICIENT_FUNDS') {
    const wallet = gameWalletOf(ctx, owner, key.sysname, key.mode);
    return new AppError('UserNeedDepositException', {
      required: toMajor(key.stake),
      balance: toMajor(await wallet.balance()),
      currency: wallet.currency,
      mode: key.mode,
    });
  }
  if (error.code === 'PLAYER_BLOCKED') return blockedAsAppError(error);
  if (error.code === 'BONUS_MAX_BET') return maxBetAsAppError(error);
  return error;
};

/** A stake of one owner's round. */
export interface TBetKey {
  sysname: string;
  mode: TMode;
  roundId: string;
  transactionId: string;
  stake: Cents;
  /** For the metrics: a shared table's bet says so (else a round of ours counts as `games`). */
  source?: TBetSource;
}

/**
 * The owner's stake through placeBet, with the round it records when there is one (`round`): on the player's
 * session of the game, or the visitor's play money.
 */
export const placeOwnerBet = async <T = undefined>(
  ctx: TGameWalletCtx,
  owner: TOwner,
  bet: TBetKey,
  round?: TRoundOrder<T>,
): Promise<TPlacedBet<T>> => {
  const { roundId, transactionId, stake, source } = bet;
  const command = { roundId, transactionId, stake, round, source };
  try {
    if (owner.kind === 'visitor') {
      if (bet.mode === 'real') throw new AppError('AuthorizationException');
      return await placeBet(ctx, { ...command, wallet: { visitor: owner.visitor } });
    }
    const key = { playerId: owner.playerId, sysname: bet.sysname, mode: bet.mode };
    const { token, result } = await onSession(ctx, key, (session) =>
      placeBet(ctx, { ...command, wallet: { session } }),
    );
    await extendWalletToken(ctx, key, token);
    return result;
  } catch (error) {
    throw await refusalOf(ctx, owner, bet, error);
  }
};

const playerWallet = (
  ctx: TGameWalletCtx,
  owner: Extract<TOwner, { kind: 'player' }>,
  sysname: string,
  mode: TMode,
): TGameWallet => {
  const key = { playerId: owner.playerId, sysname, mode };
  const credit = async (call: (session: string) => Promise<{ balance: number }>) =>
    toCents((await onSession(ctx, key, call)).result.balance);
  return {
    currency: owner.currency,
    bet: async (roundId, transactionId, amount) =>
      (await placeOwnerBet(ctx, owner, { sysname, mode, roundId, transactionId, stake: amount })).balance,
    win: (roundId, transactionId, amount) =>
      credit((session) => walletService.win(ctx, { session, roundId, transactionId, amount })),
    rollback: (roundId, transactionId, betTransactionId) =>
      credit((session) =>
        walletService.rollback(ctx, {
          session,
          roundId,
          transactionId,
          referenceTransactionId: betTransactionId,
        }),
      ),
    balance: async () => {
      if (mode === 'demo') await grantDemoFunds(ctx, owner.playerId);
      const balances = await getBalances(ctx.db, owner.playerId);
      // What the player can stake: real money and the casino bonus (the wallet answers the same).
      return mode === 'demo' ? balances.fun : balances.main + balances.bonus;
    },
  };
};

const visitorWallet = (
  ctx: TGameWalletCtx,
  owner: Extract<TOwner, { kind: 'visitor' }>,
  sysname: string,
): TGameWallet => ({
  currency: 'USD',
  bet: async (roundId, transactionId, amount) =>
    (await placeOwnerBet(ctx, owner, { sysname, mode: 'demo', roundId, transactionId, stake: amount }))
      .balance,
  win: (_roundId, transactionId, amount) =>
    visitorCredit(ctx, owner.visitor, { kind: 'win', transactionId, amount, reference: null }),
  rollback: (_roundId, transactionId, betTransactionId) =>
    visitorCredit(ctx, owner.visitor, {
      kind: 'rollback',
      transactionId,
      amount: 0n,
      reference: betTransactionId,
    }),
  balance: () => visitorBalance(ctx, owner.visitor),
});

export const gameWalletOf = (
  ctx: TGameWalletCtx,
  owner: TOwner,
  sysname: string,
  mode: TMode,
): TGameWallet => {
  if (owner.kind === 'player') return playerWallet(ctx, owner, sysname, mode);
  if (mode === 'real') throw new AppError('AuthorizationException');
  return visitorWallet(ctx, owner, sysname);
};
