/**
 * The seamless wallet: balance, bet, win and rollback for game providers — our own games in-process, third
 * parties over HTTP (routes.ts). Each provider transaction id moves money at most once: a repeat answers the
 * first answer; a rollback that comes before its bet is remembered and the late bet refused; wins and
 * rollbacks are accepted after the game session expired. Every call serialises on the player's accounts. A bet
 * goes through placeBet (place-bet.ts); a win or a rollback is one wallet_call, with the bet pipeline's
 * consequences when some read it.
 */
import { toMajor } from '@casino/contracts';
import type { TExecutor } from '../../platform/db/database.ts';
import type { TBetEvent } from '../bets/index.ts';
import { getBalances } from '../ledger/index.ts';
import { batchExecutorOf, runOnItsOwn } from './batch-executor.ts';
import { poolOf, type TWalletJob } from './executors.ts';
import { placeBet } from './place-bet.ts';
import {
  findSession,
  openSession,
  SESSION_TTL_MS,
  type TWalletContext,
  type TWalletSession,
} from './sessions.ts';
import { callText } from './statements.ts';
import { WalletError } from './wallet-error.ts';
import { betEventOf, checkIds, json, movementOf } from './wallet-movements.ts';
import type {
  TApplied,
  TBetInput,
  TCallInput,
  TRollbackInput,
  TWalletAnswer,
  TWinInput,
} from './wallet-types.ts';

const answer = async (
  db: TExecutor,
  session: TWalletSession,
  transactionId?: string,
): Promise<TWalletAnswer> => {
  const balances = await getBalances(db, session.playerId);
  return {
    ...(transactionId === undefined ? {} : { transaction_id: transactionId }),
    // A real session's balance is what the player can stake: main and the casino bonus (wallet_apply: the same).
    balance: toMajor(session.mode === 'demo' ? balances.fun : balances.main + balances.bonus),
    currency: session.currency,
    mode: session.mode,
  };
};

/**
 * A win or rollback: wallet_call locks the player, answers a repeat, else moves the money and records the answer;
 * the consequences of its movement follow in the same transaction. When no consequence reads it and it runs on
 * its own on PostgreSQL, it is one named prepared statement committed by itself (planned once per connection).
 */
const callJob = (
  ctx: TWalletContext,
  kind: 'win' | 'rollback',
  input: TCallInput,
  now: Date,
): TWalletJob<TWalletAnswer> => {
  const consequences = ctx.bets.isActiveFor(kind);
  return {
    session: input.session,
    opening: {
      statements: [callText(kind, input, now)],
      ...(consequences
        ? {}
        : {
            prepared: {
              name: 'wallet_call',
              text: `select wallet_call($1, $2, $3, $4, $5::bigint, $6, $7::timestamptz, $8::timestamptz, $9) as result`,
              values: [
                kind,
                input.session,
                input.transactionId,
                input.roundId,
                input.amount.toString(),
                input.reference,
                now,
                new Date(now.getTime() + SESSION_TTL_MS),
                input.roundClosed,
              ],
            },
          }),
    },
    next: async (_tx, [rows]) => {
      const applied = json<TApplied>(rows?.[0]?.result);
      const events: TBetEvent[] =
        !applied.replayed && consequences ? [betEventOf(ctx, movementOf(kind, applied, input), now)] : [];
      return {
        statements: [],
        events,
        answer: () =>
          applied.replayed
            ? { value: { ...applied.response, replayed: true }, published: null }
            : { value: applied.response, published: applied },
      };
    },
  };
};

const runCall = async (ctx: TWalletContext, kind: 'win' | 'rollback', input: TCallInput) => {
  checkIds(kind, input);
  const now = ctx.providers.clock.now();
  if (ctx.bets.isActiveFor(kind)) await ctx.bets.refresh();
  const job = callJob(ctx, kind, input, now);
  const pool = poolOf(ctx.db);
  return pool ? batchExecutorOf(ctx, pool).run(job) : runOnItsOwn(ctx, job);
};

/**
 * A provider's stake: placeBet with no round of ours (the provider sends the win later); a repeat of its id
 * answers the first answer.
 */
export const bet = async (ctx: TWalletContext, input: TBetInput): Promise<TWalletAnswer> =>
  (
    await placeBet(ctx, {
      wallet: { session: input.session },
      roundId: input.roundId,
      transactionId: input.transactionId,
      stake: input.amount,
    })
  ).answer;

export const win = (ctx: TWalletContext, input: TWinInput) =>
  runCall(ctx, 'win', { ...input, reference: null, roundClosed: input.roundClosed ?? true });

export const rollback = (ctx: TWalletContext, input: TRollbackInput) => {
  if (!input.transactionId) throw new WalletError('BAD_REQUEST', 'transaction and round ids are required');
  return runCall(ctx, 'rollback', {
    session: input.session,
    transactionId: input.transactionId,
    roundId: input.roundId ?? '',
    amount: 0n,
    reference: input.referenceTransactionId,
    roundClosed: false,
  });
};

export const balance = async (ctx: TWalletContext, input: { session: string }): Promise<TWalletAnswer> => {
  const session = await findSession(ctx.db, input.session);
  return answer(ctx.db, session);
};

/** The in-process wallet for our own games: the same operations the HTTP API offers to third parties. */
export const walletService = { openSession, balance, bet, win, rollback };
