/**
 * The one way money moves: `postTransaction` writes a balanced set of entries in one database transaction. It locks
 * the players (each one's main account row, in player id order: ledger_lock_players), so concurrent movements on one
 * player serialise on the database and never deadlock, answers a retry with the same idempotency key with the first
 * result, refuses a reused key with different content, and refuses any movement that would take a player account
 * below zero.
 */
import { sql } from 'drizzle-orm';
import type { TEventBus } from '../../platform/bus.ts';
import type { TDb, TExecutor, TTx } from '../../platform/db/database.ts';
import { accountCode, type TAccountRef, type TPlayerAccountKind } from './accounts.ts';
import { publishBalances } from './balances.ts';
import {
  IdempotencyConflictError,
  InsufficientFundsError,
  pgConstraint,
  pgFailure,
  UnbalancedTransactionError,
} from './errors.ts';
import { queryRows, toBigInt } from './sql.ts';

export interface TEntryInput {
  account: TAccountRef;
  /** Cents: positive credits the account, negative debits it. */
  amount: bigint;
}

export interface TTransactionInput {
  idempotencyKey: string;
  kind: string;
  entries: TEntryInput[];
  reference?: string;
  meta?: Record<string, unknown>;
  /** When the movement happened (the app clock); the database clock otherwise. */
  at?: Date;
}

export interface TPostedEntry {
  account: string;
  amount: bigint;
  /** The balance right after this entry (player accounts; null for house accounts). */
  balanceAfter: bigint | null;
}

export interface TPostedTransaction {
  id: number;
  idempotencyKey: string;
  kind: string;
  /** True when this key was posted before: nothing moved now, this is the first result. */
  replayed: boolean;
  entries: TPostedEntry[];
  playerIds: number[];
}

const normaliseEntries = (input: TTransactionInput) => {
  if (!input.idempotencyKey) throw new UnbalancedTransactionError('an idempotency key is required');
  if (input.entries.length < 2)
    throw new UnbalancedTransactionError('a transaction needs two entries or more');
  const seen = new Set<string>();
  let total = 0n;
  const entries = input.entries.map((entry) => {
    const code = accountCode(entry.account);
    if (typeof entry.amount !== 'bigint' || entry.amount === 0n)
      throw new UnbalancedTransactionError(`entry on ${code} must be a non-zero bigint`);
    if (seen.has(code)) throw new UnbalancedTransactionError(`account ${code} appears twice`);
    seen.add(code);
    total += entry.amount;
    return { code, ref: entry.account, amount: entry.amount };
  });
  if (total !== 0n) throw new UnbalancedTransactionError(`entries sum to ${total}, not 0`);
  return entries;
};

/**
 * Locks the players for a movement of their money, making a player's four accounts on first use: the ledger's one
 * lock a player, the row lock of their main account, taken by ledger_lock_players (several players in player id
 * order) as the wallet's SQL takes it (docs/decisions/056, 057). Read the balances in a later statement.
 */
export const lockPlayerAccounts = async (tx: TExecutor, playerIds: readonly number[]): Promise<void> => {
  if (playerIds.length === 0) return;
  await tx.execute(sql`select ledger_lock_players(${textArray(playerIds.map(String))}::bigint[])`);
};

interface TPostedRow {
  o_transaction_id: unknown;
  o_replayed: boolean;
  o_code: string;
  o_amount: unknown;
  o_balance_after: unknown;
  o_player_id: unknown;
}

/** A JSON array as a PostgreSQL array, the same on both drivers. */
const textArray = (values: string[]) =>
  sql`array(select v from jsonb_array_elements_text(${JSON.stringify(values)}::jsonb) with ordinality e(v, n) order by n)`;

/** Maps the database function's refusals (migrations/0201_ledger_post.sql) onto the ledger's typed errors. */
export const ledgerErrorOf = (error: unknown): Error | null => {
  const failure = pgFailure(error);
  if (failure?.code === 'LD001') return new InsufficientFundsError(failure.detail ?? '(unknown)');
  if (failure?.code === 'LD002') return new IdempotencyConflictError(failure.detail ?? '(unknown)');
  if (pgConstraint(error) === 'ledger_accounts_balance_non_negative')
    return new InsufficientFundsError('(constraint)');
  return null;
};

/**
 * The body of `postTransaction`, for callers that already hold a transaction (it must be inside one). One round
 * trip: `ledger_post` locks the players' accounts in id order, answers a repeat of the key, checks every player
 * balance stays >= 0, writes the entries and the running balances.
 */
export const postInTransaction = async (
  tx: TExecutor,
  input: TTransactionInput,
): Promise<TPostedTransaction> => {
  const entries = normaliseEntries(input);
  let rows: TPostedRow[];
  try {
    rows = await queryRows<TPostedRow>(
      tx,
      sql`select o_transaction_id, o_replayed, o_code, o_amount, o_balance_after, o_player_id
          from ledger_post(${input.idempotencyKey}, ${input.kind}, ${input.reference ?? null},
            ${JSON.stringify(input.meta ?? {})}::jsonb, ${input.at ?? null}::timestamptz,
            ${textArray(entries.map((e) => e.code))}, ${textArray(entries.map((e) => e.amount.toString()))}::bigint[])`,
    );
  } catch (error) {
    throw ledgerErrorOf(error) ?? error;
  }
  const first = rows[0];
  if (!first) throw new Error(`ledger_post answered no entries for ${input.idempotencyKey}`);
  return {
    id: Number(first.o_transaction_id),
    idempotencyKey: input.idempotencyKey,
    kind: input.kind,
    replayed: first.o_replayed,
    entries: rows.map((r) => ({
      account: r.o_code,
      amount: toBigInt(r.o_amount),
      balanceAfter: r.o_balance_after === null ? null : toBigInt(r.o_balance_after),
    })),
    playerIds: [
      ...new Set(rows.filter((r) => r.o_player_id !== null).map((r) => Number(r.o_player_id))),
    ].sort((a, b) => a - b),
  };
};

export const isTransaction = (db: TExecutor): db is TTx => 'rollback' in db;

/**
 * Posts one balanced movement in its own database transaction (or a savepoint when `db` is already a
 * transaction). After commit, publishes `account.balance_updated` for each player when a bus is given.
 */
export const postTransaction = async (
  db: TExecutor,
  input: TTransactionInput,
  options: { bus?: TEventBus } = {},
): Promise<TPostedTransaction> => {
  let result: TPostedTransaction;
  try {
    result = await db.transaction((tx) => postInTransaction(tx, input));
  } catch (error) {
    // The CHECK constraint is the last line: if code ever misses an overdraft, the database refuses it.
    throw ledgerErrorOf(error) ?? error;
  }
  if (options.bus && !result.replayed && !isTransaction(db))
    await publishBalances(db as TDb, options.bus, result.playerIds);
  return result;
};

export type { TPlayerAccountKind };
