/**
 * The seamless wallet: balance, bet, win and rollback for game providers — our own games in-process, third
 * parties over HTTP (routes.ts). Each provider transaction id moves money at most once: a repeat answers the
 * first answer; a rollback that comes before its bet is remembered and the late bet refused; wins and
 * rollbacks are accepted after the game session expired. Every call serialises on the player's accounts.
 */
import { type Cents, toMajor } from '@casino/contracts';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { TExecutor } from '../../platform/db/database.ts';
import type { TBetEvent, TBetEventKind } from '../bets/bet-event.ts';
import type { TBetReport } from '../bets/pipeline.ts';
import { BALANCE_UPDATED, balancePayload, getBalances, type TBalances } from '../ledger/balances.ts';
import { InsufficientFundsError, pgFailure } from '../ledger/errors.ts';
import { ledgerErrorOf } from '../ledger/post-transaction.ts';
import { queryRows } from '../ledger/sql.ts';
import { assertMayBet } from '../responsible-gaming/guards.ts';
import { executorOf } from './pooled-executor.ts';
import {
  findSession,
  openSession,
  SESSION_TTL_MS,
  type TWalletContext,
  type TWalletSession,
} from './sessions.ts';
import { type TWalletErrorCode, WALLET_ERRORS, WalletError } from './wallet-error.ts';
import { callLiterals, multi, onClient, poolOf } from './wallet-pool.ts';
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

const checkAmount = (amount: Cents) => {
  if (typeof amount !== 'bigint' || amount < 0n) throw new WalletError('BAD_REQUEST', 'amount must be >= 0');
};

export const betEventOf = (ctx: TWalletContext, movement: TMovement, at: Date): TBetEvent => ({
  ...movement,
  gameKind: ctx.bets.gameKindOf(movement.game),
  at,
});

/** The movement wallet_apply reported (a win or rollback: known only once the call ran). */
const movementOf = (kind: TBetEventKind, applied: TApplied, input: TCallInput): TMovement => ({
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

/** The database's refusals (migrations/0211_wallet_calls.sql, 0201_ledger_post.sql) as wallet errors. */
export const walletErrorOf = (error: unknown): unknown => {
  if (error instanceof WalletError) return error;
  const failure = pgFailure(error);
  if (failure?.code === 'WA000' && failure.message in WALLET_ERRORS)
    return new WalletError(failure.message as TWalletErrorCode, failure.detail ?? failure.message);
  const ledgerError = ledgerErrorOf(error);
  if (ledgerError instanceof InsufficientFundsError) return new WalletError('INSUFFICIENT_FUNDS');
  return ledgerError ?? error;
};

const unwrap = async <T>(run: () => Promise<T>): Promise<T> => {
  try {
    return await run();
  } catch (error) {
    throw walletErrorOf(error);
  }
};

const callArgs = (kind: TKind, input: TCallInput, now: Date) =>
  sql`${kind}, ${input.session}, ${input.transactionId}, ${input.roundId}, ${input.amount.toString()}::bigint,
      ${input.reference}, ${now}::timestamptz, ${new Date(now.getTime() + SESSION_TTL_MS)}::timestamptz,
      ${input.roundClosed}`;

export const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

/** After commit: the consequences' hooks, then the player's balances as the movement left them to their sockets. */
export const publishApplied = async (
  ctx: TWalletContext,
  applied: TApplied,
  events: readonly TBetEvent[] = [],
  report: TBetReport | null = null,
) => {
  await ctx.bets.afterCommit(events, report);
  if (!applied.moved || !applied.balances) return;
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

const checkIds = (kind: TKind, input: { transactionId: string; roundId: string; amount: Cents }) => {
  if (!input.transactionId || (kind !== 'rollback' && !input.roundId))
    throw new WalletError('BAD_REQUEST', 'transaction and round ids are required');
  checkAmount(input.amount);
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

const runCall = async (ctx: TWalletContext, kind: 'win' | 'rollback', input: TCallInput) => {
  checkIds(kind, input);
  const now = ctx.providers.clock.now();
  const pool = poolOf(ctx.db);
  const consequences = ctx.bets.isActiveFor(kind);
  if (consequences) await ctx.bets.refresh();
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
  await assertMayBet(
    tx,
    {
      playerId: Number(session.player_id),
      mode: session.mode,
      amount: input.amount,
      now,
    },
    ctx.db,
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

type TBetOutcome = { applied: TApplied; events: TBetEvent[]; report?: TBetReport | null };

/** The consequences' row out of a statement list's result (the statement answers one row). */
export const reportOf = (result: { rows?: unknown[] } | undefined): TBetReport | null =>
  (result?.rows?.[0] as TBetReport | undefined) ?? null;

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
      `select wallet_apply(${callLiterals('bet', call, now)}) as result; ${consequences ? `${consequences};` : ''} commit`,
    );
    return {
      applied: json<TApplied>(applying[0]?.rows[0]?.result),
      events,
      report: consequences ? reportOf(applying[1]) : null,
    };
  });

/**
 * A bet: in one transaction, wallet_open (session, the player's lock, a repeat's answer), the bet's own checks
 * and the responsible-gaming guard, then wallet_apply (rollback mark, round, ledger, answer) and the consequences.
 */
export const bet = async (ctx: TWalletContext, input: TBetInput): Promise<TWalletAnswer> => {
  const call: TCallInput = { ...input, reference: null, roundClosed: false };
  checkIds('bet', call);
  const now = ctx.providers.clock.now();
  const pool = poolOf(ctx.db);
  await ctx.bets.refresh();
  const { applied, events, report } = await unwrap(() =>
    pool ? betOnPool(ctx, pool, input, call, now) : betInTransaction(ctx, input, call, now),
  );
  if (applied.replayed) return { ...applied.response, replayed: true };
  await publishApplied(ctx, applied, events, report);
  return applied.response;
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
