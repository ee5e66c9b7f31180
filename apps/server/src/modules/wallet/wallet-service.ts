/**
 * The seamless wallet: balance, bet, win and rollback for game providers — our own games in-process, third
 * parties over HTTP (routes.ts). Each provider transaction id moves money at most once: a repeat answers the
 * first answer; a rollback that comes before its bet is remembered and the late bet refused; wins and
 * rollbacks are accepted after the game session expired. Every call serialises on the player's accounts.
 */
import { createHash } from 'node:crypto';
import { type Cents, toMajor } from '@casino/contracts';
import { sql } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/database.ts';
import { HOUSE, type TAccountRef } from '../ledger/accounts.ts';
import { getBalances, publishBalances } from '../ledger/balances.ts';
import { InsufficientFundsError } from '../ledger/errors.ts';
import { lockPlayerAccounts, postInTransaction } from '../ledger/post-transaction.ts';
import { queryRows, toBigInt } from '../ledger/sql.ts';
import { assertMayBet } from '../responsible-gaming/guards.ts';
import {
  findSession,
  openSession,
  SESSION_TTL_MS,
  type TWalletContext,
  type TWalletSession,
} from './sessions.ts';
import { WalletError } from './wallet-error.ts';

export interface TWalletAnswer {
  /** The provider's transaction id (absent for balance). */
  transaction_id?: string;
  balance: number;
  currency: string;
  mode: 'real' | 'demo';
  /** True when this repeats an earlier request: nothing moved now. */
  replayed?: boolean;
}

export interface TBetInput {
  session: string;
  transactionId: string;
  roundId: string;
  amount: Cents;
}
export interface TWinInput extends TBetInput {
  /** The round ends with this win (default true). */
  roundClosed?: boolean;
}
export interface TRollbackInput {
  session: string;
  transactionId: string;
  /** The bet to cancel. */
  referenceTransactionId: string;
  roundId?: string;
}

type TKind = 'bet' | 'win' | 'rollback';

const accountsOf = (session: TWalletSession): { player: TAccountRef; house: TAccountRef } =>
  session.mode === 'demo'
    ? { player: { playerId: session.playerId, kind: 'fun' }, house: HOUSE.fun }
    : { player: { playerId: session.playerId, kind: 'main' }, house: HOUSE.games };

const answer = async (
  db: TExecutor,
  session: TWalletSession,
  transactionId?: string,
): Promise<TWalletAnswer> => {
  const balances = await getBalances(db, session.playerId);
  return {
    ...(transactionId === undefined ? {} : { transaction_id: transactionId }),
    balance: toMajor(session.mode === 'demo' ? balances.fun : balances.main),
    currency: session.currency,
    mode: session.mode,
  };
};

const checkAmount = (amount: Cents) => {
  if (typeof amount !== 'bigint' || amount < 0n) throw new WalletError('BAD_REQUEST', 'amount must be >= 0');
};

interface TRound {
  player_id: unknown;
  status: 'open' | 'closed' | 'rolled_back';
  bet_total: unknown;
}

const lockRound = async (tx: TExecutor, provider: string, roundId: string) =>
  (
    await queryRows<TRound>(
      tx,
      sql`select player_id, status, bet_total from game_rounds
          where provider = ${provider} and round_id = ${roundId} for update`,
    )
  )[0];

const createRound = async (tx: TExecutor, session: TWalletSession, roundId: string, now: Date) => {
  await tx.execute(
    sql`insert into game_rounds (provider, round_id, player_id, game, mode, created_at, updated_at)
        values (${session.provider}, ${roundId}, ${session.playerId}, ${session.game}, ${session.mode}, ${now}, ${now})`,
  );
};

const move = (
  tx: TExecutor,
  session: TWalletSession,
  kind: TKind,
  transactionId: string,
  amount: Cents,
  toPlayer: boolean,
  now: Date,
) => {
  if (amount === 0n) return Promise.resolve(null);
  const { player, house } = accountsOf(session);
  return postInTransaction(tx, {
    idempotencyKey: `wallet:${session.provider}:${transactionId}`,
    kind: `game.${kind}`,
    reference: `${session.provider}:${transactionId}`,
    entries: [
      { account: player, amount: toPlayer ? amount : -amount },
      { account: house, amount: toPlayer ? -amount : amount },
    ],
    meta: { game: session.game, mode: session.mode },
    at: now,
  });
};

/** Runs one provider transaction: lock the player, answer a repeat, else `apply` and record the answer. */
const runTransaction = async (
  ctx: TWalletContext,
  kind: TKind,
  input: { session: string; transactionId: string; roundId: string; amount: Cents; reference?: string },
  apply: (tx: TExecutor, session: TWalletSession, now: Date) => Promise<{ ledgerId: number | null }>,
): Promise<TWalletAnswer> => {
  if (!input.transactionId || (kind !== 'rollback' && !input.roundId))
    throw new WalletError('BAD_REQUEST', 'transaction and round ids are required');
  checkAmount(input.amount);
  const session = await findSession(ctx.db, input.session);
  const fingerprint = createHash('sha256')
    .update(
      JSON.stringify([
        kind,
        session.playerId,
        input.roundId,
        input.amount.toString(),
        input.reference ?? null,
      ]),
    )
    .digest('hex');
  const now = ctx.providers.clock.now();
  let moved = false;
  const result = await ctx.db.transaction(async (tx) => {
    await lockPlayerAccounts(tx, [session.playerId]);
    const [existing] = await queryRows<{ fingerprint: string; response: TWalletAnswer }>(
      tx,
      sql`select fingerprint, response from wallet_transactions
          where provider = ${session.provider} and transaction_id = ${input.transactionId}`,
    );
    if (existing) {
      if (existing.fingerprint !== fingerprint) throw new WalletError('TRANSACTION_MISMATCH');
      return { ...existing.response, replayed: true };
    }
    let ledgerId: number | null;
    try {
      ({ ledgerId } = await apply(tx, session, now));
    } catch (error) {
      if (error instanceof InsufficientFundsError) throw new WalletError('INSUFFICIENT_FUNDS');
      throw error;
    }
    moved = ledgerId !== null;
    const response = await answer(tx, session, input.transactionId);
    await tx.execute(
      sql`insert into wallet_transactions (provider, transaction_id, type, player_id, round_id, amount,
            reference_transaction_id, ledger_transaction_id, fingerprint, response, created_at)
          values (${session.provider}, ${input.transactionId}, ${kind}, ${session.playerId}, ${input.roundId},
            ${input.amount}, ${input.reference ?? null}, ${ledgerId}, ${fingerprint},
            ${JSON.stringify(response)}::jsonb, ${now})`,
    );
    return response;
  });
  if (moved) await publishBalances(ctx.db, ctx.bus, [session.playerId]);
  return result;
};

export const bet = (ctx: TWalletContext, input: TBetInput) =>
  runTransaction(ctx, 'bet', input, async (tx, session, now) => {
    if (session.playerStatus !== 'active') throw new WalletError('PLAYER_BLOCKED');
    if (session.expiresAt.getTime() <= now.getTime()) throw new WalletError('SESSION_EXPIRED');
    await assertMayBet(tx, { playerId: session.playerId, mode: session.mode, amount: input.amount, now });
    const [mark] = await queryRows(
      tx,
      sql`select 1 from wallet_rollback_marks where provider = ${session.provider} and transaction_id = ${input.transactionId}`,
    );
    if (mark) throw new WalletError('TRANSACTION_ROLLED_BACK', 'this bet was rolled back before it arrived');
    const round = await lockRound(tx, session.provider, input.roundId);
    if (round && Number(round.player_id) !== session.playerId) throw new WalletError('ROUND_MISMATCH');
    if (round && round.status !== 'open') throw new WalletError('ROUND_CLOSED');
    if (!round) await createRound(tx, session, input.roundId, now);
    const posted = await move(tx, session, 'bet', input.transactionId, input.amount, false, now);
    await tx.execute(
      sql`update game_rounds set bet_total = bet_total + ${input.amount}, updated_at = ${now}
          where provider = ${session.provider} and round_id = ${input.roundId}`,
    );
    await tx.execute(
      sql`update wallet_sessions set expires_at = ${new Date(now.getTime() + SESSION_TTL_MS)} where token = ${session.token}`,
    );
    return { ledgerId: posted?.id ?? null };
  });

export const win = (ctx: TWalletContext, input: TWinInput) =>
  runTransaction(ctx, 'win', input, async (tx, session, now) => {
    const round = await lockRound(tx, session.provider, input.roundId);
    if (round && Number(round.player_id) !== session.playerId) throw new WalletError('ROUND_MISMATCH');
    if (round?.status === 'rolled_back') throw new WalletError('ROUND_CLOSED', 'the round was rolled back');
    if (!round) await createRound(tx, session, input.roundId, now);
    const posted = await move(tx, session, 'win', input.transactionId, input.amount, true, now);
    const close = input.roundClosed ?? true;
    await tx.execute(
      sql`update game_rounds set win_total = win_total + ${input.amount}, updated_at = ${now},
            status = case when ${close} then 'closed' else status end
          where provider = ${session.provider} and round_id = ${input.roundId}`,
    );
    return { ledgerId: posted?.id ?? null };
  });

export const rollback = (ctx: TWalletContext, input: TRollbackInput) =>
  runTransaction(
    ctx,
    'rollback',
    { ...input, roundId: input.roundId ?? '', amount: 0n, reference: input.referenceTransactionId },
    async (tx, session, now) => {
      if (!input.referenceTransactionId)
        throw new WalletError('BAD_REQUEST', 'reference_transaction_id is required');
      const [target] = await queryRows<{
        type: TKind;
        player_id: unknown;
        status: string;
        amount: unknown;
        round_id: string;
      }>(
        tx,
        sql`select type, player_id, status, amount, round_id from wallet_transactions
            where provider = ${session.provider} and transaction_id = ${input.referenceTransactionId} for update`,
      );
      if (!target) {
        await tx.execute(
          sql`insert into wallet_rollback_marks (provider, transaction_id, rollback_transaction_id, player_id, created_at)
              values (${session.provider}, ${input.referenceTransactionId}, ${input.transactionId}, ${session.playerId}, ${now})
              on conflict do nothing`,
        );
        return { ledgerId: null };
      }
      if (Number(target.player_id) !== session.playerId)
        throw new WalletError('BAD_REQUEST', "not this player's bet");
      if (target.type !== 'bet') throw new WalletError('BAD_REQUEST', 'only a bet can be rolled back');
      if (target.status === 'rolled_back') return { ledgerId: null };
      const amount = toBigInt(target.amount);
      const posted = await move(tx, session, 'rollback', input.transactionId, amount, true, now);
      await tx.execute(
        sql`update wallet_transactions set status = 'rolled_back'
            where provider = ${session.provider} and transaction_id = ${input.referenceTransactionId}`,
      );
      await tx.execute(
        sql`update game_rounds set bet_total = bet_total - ${amount}, updated_at = ${now},
              status = case when bet_total - ${amount} = 0 and win_total = 0 then 'rolled_back' else status end
            where provider = ${session.provider} and round_id = ${target.round_id}`,
      );
      return { ledgerId: posted?.id ?? null };
    },
  );

export const balance = async (ctx: TWalletContext, input: { session: string }): Promise<TWalletAnswer> => {
  const session = await findSession(ctx.db, input.session);
  return answer(ctx.db, session);
};

/** The in-process wallet for our own games: the same operations the HTTP API offers to third parties. */
export const walletService = { openSession, balance, bet, win, rollback };
