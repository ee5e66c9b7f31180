/**
 * The seamless wallet: balance, bet, win and rollback for game providers — our own games in-process, third
 * parties over HTTP (routes.ts). Each provider transaction id moves money at most once: a repeat answers the
 * first answer; a rollback that comes before its bet is remembered and the late bet refused; wins and
 * rollbacks are accepted after the game session expired. Every call serialises on the player's accounts.
 */
import { toMajor } from '@casino/contracts';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { TExecutor } from '../../platform/db/database.ts';
import type { TBetEvent } from '../bets/bet-event.ts';
import type { TBetReport } from '../bets/pipeline.ts';
import { getBalances } from '../ledger/balances.ts';
import { queryRows } from '../ledger/sql.ts';
import { batcherOf, type TBatchJob } from './bet-batch.ts';
import { executorOf } from './pooled-executor.ts';
import {
  findSession,
  openSession,
  SESSION_TTL_MS,
  type TWalletContext,
  type TWalletSession,
} from './sessions.ts';
import { WalletError } from './wallet-error.ts';
import {
  betEventOf,
  betMovement,
  callArgs,
  checkBet,
  checkIds,
  json,
  movementOf,
  publishApplied,
  reportOf,
  unwrap,
} from './wallet-movements.ts';
import { callLiterals, multi, onClient, poolOf, stakeText } from './wallet-pool.ts';
import type {
  TApplied,
  TBetInput,
  TCallInput,
  TKind,
  TMovement,
  TOpened,
  TRollbackInput,
  TWalletAnswer,
  TWinInput,
} from './wallet-types.ts';

export {
  betEventOf,
  betMovement,
  checkBet,
  json,
  publishApplied,
  reportOf,
  walletErrorOf,
} from './wallet-movements.ts';
export type {
  TApplied,
  TBetInput,
  TCallInput,
  TKind,
  TMovement,
  TOpened,
  TRollbackInput,
  TWalletAnswer,
  TWinInput,
};

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
 * wallet_call straight on the pool as a named prepared statement: each connection parses and plans it once, and
 * the call skips Drizzle's query building (the server's CPU per call is what limits a 2-core machine).
 */
const callOnPool = async (pool: pg.Pool, kind: TKind, input: TCallInput, now: Date) =>
  (
    await pool.query<{ result: unknown }>({
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
    })
  ).rows;

/**
 * A win or rollback without consequences to apply: one statement (wallet_call) that locks the player, answers a
 * repeat, else moves the money and records the answer, all in its own transaction.
 */
const callAlone = async (ctx: TWalletContext, kind: 'win' | 'rollback', input: TCallInput, now: Date) => {
  const pool = poolOf(ctx.db);
  const [row] = await (pool
    ? callOnPool(pool, kind, input, now)
    : queryRows<{ result: unknown }>(
        ctx.db,
        sql`select wallet_call(${callArgs(kind, input, now)}) as result`,
      ));
  return { applied: json<TApplied>(row?.result), events: [] as TBetEvent[] };
};

/** A win or rollback and the bet pipeline's consequences in one transaction (PGlite: Drizzle's transaction). */
const callInTransaction = (ctx: TWalletContext, kind: 'win' | 'rollback', input: TCallInput, now: Date) =>
  ctx.db.transaction(async (tx) => {
    const [row] = await queryRows<{ result: unknown }>(
      tx,
      sql`select wallet_call(${callArgs(kind, input, now)}) as result`,
    );
    const applied = json<TApplied>(row?.result);
    if (applied.replayed) return { applied, events: [] as TBetEvent[] };
    const events = [betEventOf(ctx, movementOf(kind, applied, input), now)];
    const report = await ctx.bets.apply(tx, events);
    return { applied, events, report };
  });

/**
 * A win or rollback with its consequences on PostgreSQL in two round trips: `begin` with wallet_call, then the
 * consequences' prepared statement with `commit`.
 */
const callOnClient = (
  ctx: TWalletContext,
  pool: pg.Pool,
  kind: 'win' | 'rollback',
  input: TCallInput,
  now: Date,
) =>
  onClient(pool, async (client) => {
    const called = await multi(
      client,
      `begin; select wallet_call(${callLiterals(kind, input, now)}) as result`,
    );
    const applied = json<TApplied>(called[1]?.rows[0]?.result);
    if (applied.replayed) {
      await client.query('commit');
      return { applied, events: [] as TBetEvent[] };
    }
    const events = [betEventOf(ctx, movementOf(kind, applied, input), now)];
    const consequences = await ctx.bets.executeText(client, events, (value) => client.escapeLiteral(value));
    if (!consequences) {
      await client.query('commit');
      return { applied, events };
    }
    const results = await multi(client, `${consequences}; commit`);
    return { applied, events, report: reportOf(results[0]) };
  });

/** A win or rollback in a batch (bet-batch.ts): wallet_call with the batch's `begin`, its movement's consequences. */
const callJob = (
  ctx: TWalletContext,
  kind: 'win' | 'rollback',
  input: TCallInput,
  now: Date,
  alone: () => Promise<TWalletAnswer>,
): TBatchJob<TWalletAnswer> => ({
  session: input.session,
  open: [`select wallet_call(${callLiterals(kind, input, now)}) as result`],
  alone,
  decide: async (_client, [rows]) => {
    const applied = json<TApplied>(rows?.[0]?.result);
    const moved = !applied.replayed && ctx.bets.isActiveFor(kind);
    return {
      statements: [],
      events: moved ? [betEventOf(ctx, movementOf(kind, applied, input), now)] : [],
      finish: async () => {
        if (applied.replayed) return { ...applied.response, replayed: true };
        await publishApplied(ctx, applied);
        return applied.response;
      },
    };
  },
});

const runCall = async (ctx: TWalletContext, kind: 'win' | 'rollback', input: TCallInput) => {
  checkIds(kind, input);
  const now = ctx.providers.clock.now();
  const pool = poolOf(ctx.db);
  const consequences = ctx.bets.isActiveFor(kind);
  if (consequences) await ctx.bets.refresh();
  const alone = async () => {
    const { applied, events, report } = await unwrap(
      (): Promise<{ applied: TApplied; events: TBetEvent[]; report?: TBetReport | null }> => {
        if (!consequences) return callAlone(ctx, kind, input, now);
        return pool ? callOnClient(ctx, pool, kind, input, now) : callInTransaction(ctx, kind, input, now);
      },
    );
    if (applied.replayed) return { ...applied.response, replayed: true };
    await publishApplied(ctx, applied, events, report);
    return applied.response;
  };
  return pool ? batcherOf(ctx, pool).run(callJob(ctx, kind, input, now, alone)) : alone();
};

type TBetOutcome = { applied: TApplied; events: TBetEvent[]; report?: TBetReport | null };

/** The bet through Drizzle's transaction (PGlite, in-process: no round trips to save). */
const betInTransaction = (ctx: TWalletContext, input: TBetInput, call: TCallInput, now: Date) =>
  ctx.db.transaction(async (tx): Promise<TBetOutcome> => {
    const [opened] = await queryRows<{ result: unknown }>(
      tx,
      sql`select wallet_open('bet', ${input.session}, ${input.transactionId}, ${input.roundId},
            ${input.amount.toString()}::bigint, null) as result`,
    );
    const session = json<TOpened>(opened?.result);
    if (session.response) return { applied: { response: session.response, replayed: true }, events: [] };
    await checkBet(ctx, tx, session, input, now);
    const [row] = await queryRows<{ result: unknown }>(
      tx,
      sql`select wallet_apply(${callArgs('bet', call, now)}) as result`,
    );
    const events = ctx.bets.isActive ? [betEventOf(ctx, betMovement(session, input), now)] : [];
    const report = await ctx.bets.apply(tx, events);
    return { applied: json<TApplied>(row?.result), events, report };
  });

/**
 * The bet on PostgreSQL in four round trips instead of six: `begin` goes with wallet_open, and wallet_apply, the
 * consequences' prepared statement and `commit` go together (simple-protocol statement lists, values as escaped
 * literals). Same transaction, same lock, same checks as betInTransaction; any failure rolls the whole bet back.
 */
const betOnPool = (ctx: TWalletContext, pool: pg.Pool, input: TBetInput, call: TCallInput, now: Date) =>
  onClient(pool, async (client): Promise<TBetOutcome> => {
    const literal = (value: string) => client.escapeLiteral(value);
    const amount = input.amount.toString();
    if (!/^\d+$/.test(amount)) throw new WalletError('BAD_REQUEST', 'amount must be >= 0');
    const opening = await multi(
      client,
      `begin; select wallet_open('bet', ${literal(input.session)}, ${literal(input.transactionId)},
         ${literal(input.roundId)}, ${amount}::bigint, null) as result`,
    );
    const session = json<TOpened>(opening[1]?.rows[0]?.result);
    if (session.response) {
      await client.query('commit');
      return { applied: { response: session.response, replayed: true }, events: [] };
    }
    await checkBet(ctx, executorOf(client), session, input, now);
    const events = ctx.bets.isActive ? [betEventOf(ctx, betMovement(session, input), now)] : [];
    const consequences = await ctx.bets.executeText(client, events, literal);
    const applying = await multi(
      client,
      `${stakeText(call, now)}; ${consequences ? `${consequences};` : ''} commit`,
    );
    return {
      applied: json<TApplied>(applying[0]?.rows[0]?.result),
      events,
      report: consequences ? reportOf(applying[1]) : null,
    };
  });

/** A bet in a batch (bet-batch.ts): wallet_open with the batch's `begin`, the checks, then wallet_apply. */
const betJob = (
  ctx: TWalletContext,
  input: TBetInput,
  call: TCallInput,
  now: Date,
  alone: () => Promise<TWalletAnswer>,
): TBatchJob<TWalletAnswer> => ({
  session: input.session,
  opening: { call: input, rest: [] },
  alone,
  decide: async (client, [rows]) => {
    const session = json<TOpened>(rows?.[0]?.result);
    if (session.response) {
      const response = session.response;
      return { statements: [], events: [], finish: async () => ({ ...response, replayed: true }) };
    }
    await checkBet(ctx, executorOf(client), session, input, now);
    return {
      statements: [stakeText(call, now)],
      events: ctx.bets.isActive ? [betEventOf(ctx, betMovement(session, input), now)] : [],
      finish: async ([applying]) => {
        const applied = json<TApplied>(applying?.[0]?.result);
        await publishApplied(ctx, applied);
        return applied.response;
      },
    };
  },
});

/**
 * A bet: in one transaction, wallet_open (session, the player's lock, a repeat's answer), the bet's own checks
 * and the responsible-gaming guard, then wallet_apply (rollback mark, round, ledger, answer) and the consequences;
 * on PostgreSQL with the other bets and wins waiting at the same moment (bet-batch.ts).
 */
export const bet = async (ctx: TWalletContext, input: TBetInput): Promise<TWalletAnswer> => {
  const call: TCallInput = { ...input, reference: null, roundClosed: false };
  checkIds('bet', call);
  const now = ctx.providers.clock.now();
  const pool = poolOf(ctx.db);
  await ctx.bets.refresh();
  const alone = async () => {
    const { applied, events, report } = await unwrap(() =>
      pool ? betOnPool(ctx, pool, input, call, now) : betInTransaction(ctx, input, call, now),
    );
    if (applied.replayed) return { ...applied.response, replayed: true };
    await publishApplied(ctx, applied, events, report);
    return applied.response;
  };
  return pool ? batcherOf(ctx, pool).run(betJob(ctx, input, call, now, alone)) : alone();
};

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
