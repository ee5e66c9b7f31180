/**
 * What every wallet path shares: the bet pipeline's view of a movement, the checks before a stake, the database's
 * refusals as wallet errors, and what is published after commit.
 */
import type { Cents } from '@casino/contracts';
import { sql } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/database.ts';
import type { TBetEvent, TBetEventKind, TBetReport } from '../bets/index.ts';
import {
  BALANCE_UPDATED,
  balancePayload,
  InsufficientFundsError,
  ledgerErrorOf,
  pgFailure,
  type TBalances,
} from '../ledger/index.ts';
import { mayBetRefusal } from '../responsible-gaming/index.ts';
import { SESSION_TTL_MS, type TWalletContext } from './sessions.ts';
import { type TWalletErrorCode, WALLET_ERRORS, WalletError } from './wallet-error.ts';
import type { TApplied, TBetInput, TCallInput, TKind, TMovement, TOpened } from './wallet-types.ts';

export const checkAmount = (amount: Cents) => {
  if (typeof amount !== 'bigint' || amount < 0n) throw new WalletError('BAD_REQUEST', 'amount must be >= 0');
};

export const betEventOf = (ctx: TWalletContext, movement: TMovement, at: Date): TBetEvent => ({
  ...movement,
  gameKind: ctx.bets.gameKindOf(movement.game),
  at,
});

/** The movement wallet_apply reported (a win or rollback: known only once the call ran). */
export const movementOf = (kind: TBetEventKind, applied: TApplied, input: TCallInput): TMovement => ({
  kind,
  playerId: Number(applied.player_id),
  provider: String(applied.provider),
  game: String(applied.game),
  mode: applied.mode ?? 'real',
  roundId: applied.round_id ?? input.roundId,
  transactionId: input.transactionId,
  referenceId: input.reference,
  amount: BigInt(applied.amount ?? '0'),
});

/** The database's refusals (wallet_open, wallet_apply, ledger_post) as wallet errors. */
export const walletErrorOf = (error: unknown): unknown => {
  if (error instanceof WalletError) return error;
  const failure = pgFailure(error);
  if (failure?.code === 'WA000' && failure.message in WALLET_ERRORS)
    return new WalletError(failure.message as TWalletErrorCode, failure.detail ?? failure.message);
  const ledgerError = ledgerErrorOf(error);
  if (ledgerError instanceof InsufficientFundsError) return new WalletError('INSUFFICIENT_FUNDS');
  return ledgerError ?? error;
};

export const unwrap = async <T>(run: () => Promise<T>): Promise<T> => {
  try {
    return await run();
  } catch (error) {
    throw walletErrorOf(error);
  }
};

export const callArgs = (kind: TKind, input: TCallInput, now: Date) =>
  sql`${kind}, ${input.session}, ${input.transactionId}, ${input.roundId}, ${input.amount.toString()}::bigint,
      ${input.reference}, ${now}::timestamptz, ${new Date(now.getTime() + SESSION_TTL_MS)}::timestamptz,
      ${input.roundClosed}`;

export const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

/** After commit: the consequences' hooks, then the player's balances as the movement left them to their sockets. */
export const publishApplied = async (
  ctx: TWalletContext,
  applied: TApplied | null,
  events: readonly TBetEvent[] = [],
  report: TBetReport | null = null,
) => {
  await ctx.bets.afterCommit(events, report);
  if (!applied?.moved || !applied.balances) return;
  const b = applied.balances;
  const balances: TBalances = {
    main: BigInt(b.main),
    bonus: BigInt(b.bonus),
    betting_bonus: BigInt(b.betting_bonus),
    fun: BigInt(b.fun),
  };
  const playerId = Number(applied.player_id);
  await ctx.bus.publish(BALANCE_UPDATED, balancePayload(playerId, balances, applied.currency ?? 'USD'));
};

export const checkIds = (kind: TKind, input: { transactionId: string; roundId: string; amount: Cents }) => {
  if (!input.transactionId || (kind !== 'rollback' && !input.roundId))
    throw new WalletError('BAD_REQUEST', 'transaction and round ids are required');
  checkAmount(input.amount);
};

/** The bet's own checks and the responsible-gaming guard, under the player's lock, before money moves. */
export const checkBet = async (
  ctx: TWalletContext,
  tx: TExecutor,
  session: TOpened,
  input: TBetInput,
  now: Date,
) => {
  if (session.status !== 'active') throw new WalletError('PLAYER_BLOCKED');
  if (new Date(session.expires_at).getTime() <= now.getTime()) throw new WalletError('SESSION_EXPIRED');
  const refusal = await mayBetRefusal(
    tx,
    {
      playerId: Number(session.player_id),
      mode: session.mode,
      amount: input.amount,
      now,
    },
    ctx.db,
  );
  if (refusal)
    throw new WalletError(
      'PLAYER_BLOCKED',
      String(refusal.errorData.reason ?? 'responsible_gaming'),
      refusal,
    );
};

/** The bet as the pipeline's consequences see it: known from the session before the money moves. */
export const betMovement = (session: TOpened, input: TBetInput): TMovement => ({
  kind: 'bet',
  playerId: Number(session.player_id),
  provider: session.provider,
  game: session.game,
  mode: session.mode,
  roundId: input.roundId,
  transactionId: input.transactionId,
  referenceId: null,
  amount: input.amount,
});

/** The consequences' row out of a statement list's result (the statement answers one row). */
export const reportOf = (result: { rows?: unknown[] } | undefined): TBetReport | null =>
  (result?.rows?.[0] as TBetReport | undefined) ?? null;
