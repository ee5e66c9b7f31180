/**
 * The seamless wallet: balance, bet, win and rollback for game providers — our own games in-process, third
 * parties over HTTP (routes.ts). Each provider transaction id moves money at most once: a repeat answers the
 * first answer; a rollback that comes before its bet is remembered and the late bet refused; wins and
 * rollbacks are accepted after the game session expired. Every call serialises on the player's accounts.
 */
import { type Cents, toMajor } from '@casino/contracts';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { TExecutor } from '../../platform/db/database.ts';
import { BALANCE_UPDATED, balancePayload, getBalances, type TBalances } from '../ledger/balances.ts';
import { InsufficientFundsError, pgFailure } from '../ledger/errors.ts';
import { ledgerErrorOf } from '../ledger/post-transaction.ts';
import { queryRows } from '../ledger/sql.ts';
import { assertMayBet } from '../responsible-gaming/guards.ts';
import {
  findSession,
  openSession,
  SESSION_TTL_MS,
  type TWalletContext,
  type TWalletSession,
} from './sessions.ts';
import { type TWalletErrorCode, WALLET_ERRORS, WalletError } from './wallet-error.ts';

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

interface TCallInput {
  session: string;
  transactionId: string;
  roundId: string;
  amount: Cents;
  reference: string | null;
  roundClosed: boolean;
}

/** What wallet_open answers: the session and player, and the first answer when the id was seen. */
interface TOpened {
  player_id: unknown;
  provider: string;
  game: string;
  mode: TWalletSession['mode'];
  expires_at: string;
  currency: string;
  status: string;
  response: TWalletAnswer | null;
}

/** What wallet_apply / wallet_call answer. */
interface TApplied {
  response: TWalletAnswer;
  replayed?: boolean;
  moved?: boolean;
  player_id?: unknown;
  currency?: string;
  balances?: Record<keyof TBalances, string>;
}

/** The database's refusals (migrations/0211_wallet_calls.sql, 0201_ledger_post.sql) as wallet errors. */
const walletErrorOf = (error: unknown): unknown => {
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

const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

/** After commit: the player's balances as the movement left them, to every live socket of the player. */
const publishApplied = async (ctx: TWalletContext, applied: TApplied) => {
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

/** The pg pool under Drizzle on PostgreSQL; null on PGlite (in-process: no round trips or parsing to save). */
const poolOf = (db: TExecutor) => {
  const client = (db as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : null;
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
 * A win or rollback: one statement (wallet_call) that locks the player, answers a repeat, else moves the money and
 * records the answer, all in its own transaction.
 */
const runCall = async (ctx: TWalletContext, kind: 'win' | 'rollback', input: TCallInput) => {
  checkIds(kind, input);
  const now = ctx.providers.clock.now();
  const pool = poolOf(ctx.db);
  const [row] = await unwrap(() =>
    pool
      ? callOnPool(pool, kind, input, now)
      : queryRows<{ result: unknown }>(
          ctx.db,
          sql`select wallet_call(${callArgs(kind, input, now)}) as result`,
        ),
  );
  const applied = json<TApplied>(row?.result);
  if (applied.replayed) return { ...applied.response, replayed: true };
  await publishApplied(ctx, applied);
  return applied.response;
};

/**
 * A bet: in one transaction, wallet_open (session, the player's lock, a repeat's answer), the bet's own checks
 * and the responsible-gaming guard, then wallet_apply (rollback mark, round, ledger, answer).
 */
/** The bet's own checks and the responsible-gaming guard, under the player's lock, before money moves. */
const checkBet = async (tx: TExecutor, session: TOpened, input: TBetInput, now: Date) => {
  if (session.status !== 'active') throw new WalletError('PLAYER_BLOCKED');
  if (new Date(session.expires_at).getTime() <= now.getTime()) throw new WalletError('SESSION_EXPIRED');
  await assertMayBet(tx, {
    playerId: Number(session.player_id),
    mode: session.mode,
    amount: input.amount,
    now,
  });
};

/** The bet through Drizzle's transaction (PGlite, in-process: no round trips to save). */
const betInTransaction = (db: TExecutor, input: TBetInput, call: TCallInput, now: Date) =>
  db.transaction(async (tx) => {
    const [opened] = await queryRows<{ result: unknown }>(
      tx,
      sql`select wallet_open('bet', ${input.session}, ${input.transactionId}, ${input.roundId},
            ${input.amount.toString()}::bigint, null) as result`,
    );
    const session = json<TOpened>(opened?.result);
    if (session.response) return { response: session.response, replayed: true } as TApplied;
    await checkBet(tx, session, input, now);
    const [row] = await queryRows<{ result: unknown }>(
      tx,
      sql`select wallet_apply(${callArgs('bet', call, now)}) as result`,
    );
    return json<TApplied>(row?.result);
  });

/**
 * The guard's queries run as named prepared statements, named after their text: each connection parses and plans
 * them once, where an unnamed statement is planned anew on every bet (~0.2 ms of database CPU per bet for the
 * guard's read). The guard has a handful of texts; past MAX_NAMED any other text runs unnamed.
 */
const MAX_NAMED = 32;
const statementNames = new Map<string, string>();
const statementName = (text: string) => {
  let name = statementNames.get(text);
  if (name === undefined && statementNames.size < MAX_NAMED) {
    name = `wallet_guard_${statementNames.size + 1}`;
    statementNames.set(text, name);
  }
  return name;
};

/** Drizzle over one pooled connection, for the guard's queries inside our own transaction. */
const executors = new WeakMap<pg.PoolClient, TExecutor>();
const executorOf = (client: pg.PoolClient) => {
  let db = executors.get(client);
  if (!db) {
    const preparing = {
      query: (config: pg.QueryConfig, values?: unknown[]) =>
        client.query(config.name ? config : { ...config, name: statementName(config.text) }, values),
    };
    db = drizzlePg({ client: preparing as unknown as pg.PoolClient }) as unknown as TExecutor;
    executors.set(client, db);
  }
  return db;
};

/**
 * The bet on PostgreSQL in four round trips instead of six: `begin` goes with wallet_open and `commit` with
 * wallet_apply (simple-protocol statement lists, values as escaped literals). Same transaction, same lock, same
 * order as betInTransaction; any failure rolls the whole bet back.
 */
const betOnPool = async (pool: pg.Pool, input: TBetInput, call: TCallInput, now: Date): Promise<TApplied> => {
  const client = await pool.connect();
  const literal = (value: string) => client.escapeLiteral(value);
  const amount = input.amount.toString();
  if (!/^\d+$/.test(amount)) throw new WalletError('BAD_REQUEST', 'amount must be >= 0');
  let healthy = true;
  try {
    const opening = (await client.query(
      `begin; select wallet_open('bet', ${literal(input.session)}, ${literal(input.transactionId)},
         ${literal(input.roundId)}, ${amount}::bigint, null) as result`,
    )) as unknown as pg.QueryResult<{ result: unknown }>[];
    const session = json<TOpened>(opening[1]?.rows[0]?.result);
    if (session.response) {
      await client.query('commit');
      return { response: session.response, replayed: true };
    }
    await checkBet(executorOf(client), session, input, now);
    const expires = new Date(now.getTime() + SESSION_TTL_MS);
    const applying = (await client.query(
      `select wallet_apply('bet', ${literal(call.session)}, ${literal(call.transactionId)},
         ${literal(call.roundId)}, ${amount}::bigint, null, ${literal(now.toISOString())}::timestamptz,
         ${literal(expires.toISOString())}::timestamptz, false) as result; commit`,
    )) as unknown as pg.QueryResult<{ result: unknown }>[];
    return json<TApplied>(applying[0]?.rows[0]?.result);
  } catch (error) {
    // After a failed `commit` there is no transaction left: the rollback only warns.
    await client.query('rollback').catch(() => {
      healthy = false;
    });
    throw error;
  } finally {
    client.release(!healthy);
  }
};

/**
 * A bet: in one transaction, wallet_open (session, the player's lock, a repeat's answer), the bet's own checks
 * and the responsible-gaming guard, then wallet_apply (rollback mark, round, ledger, answer).
 */
export const bet = async (ctx: TWalletContext, input: TBetInput): Promise<TWalletAnswer> => {
  const call: TCallInput = { ...input, reference: null, roundClosed: false };
  checkIds('bet', call);
  const now = ctx.providers.clock.now();
  const pool = poolOf(ctx.db);
  const outcome = await unwrap(() =>
    pool ? betOnPool(pool, input, call, now) : betInTransaction(ctx.db, input, call, now),
  );
  if (outcome.replayed) return { ...outcome.response, replayed: true };
  await publishApplied(ctx, outcome);
  return outcome.response;
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
