/**
 * The one way money moves: `postTransaction` writes a balanced set of entries in one database transaction.
 * It locks the players' accounts in id order (so concurrent movements on one player serialise on the database
 * and never deadlock), answers a retry with the same idempotency key with the first result, refuses a reused
 * key with different content, and refuses any movement that would take a player account below zero.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { TEventBus } from '../../platform/bus.ts';
import type { TDb, TExecutor, TTx } from '../../platform/db/database.ts';
import {
  accountCode,
  isHouseCode,
  PLAYER_ACCOUNT_KINDS,
  type TAccountRef,
  type TPlayerAccountKind,
} from './accounts.ts';
import { publishBalances } from './balances.ts';
import {
  IdempotencyConflictError,
  InsufficientFundsError,
  pgConstraint,
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

const fingerprintOf = (kind: string, entries: { code: string; amount: bigint }[]) =>
  createHash('sha256')
    .update(
      JSON.stringify([
        kind,
        [...entries]
          .sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0))
          .map((e) => [e.code, e.amount.toString()]),
      ]),
    )
    .digest('hex');

interface TAccountRow {
  id: number;
  code: string;
  balance: bigint | null;
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

/** Creates the player's four accounts if missing, then locks them (`for update`) in id order. */
export const lockPlayerAccounts = async (
  tx: TExecutor,
  playerIds: readonly number[],
): Promise<Map<string, TAccountRow>> => {
  const ids = [...new Set(playerIds)].sort((a, b) => a - b);
  const locked = new Map<string, TAccountRow>();
  if (ids.length === 0) return locked;
  const select = () =>
    queryRows<{ id: unknown; code: string; balance: unknown }>(
      tx,
      sql`select id, code, balance from ledger_accounts
          where player_id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )}) order by id for update`,
    );
  let rows = await select();
  if (rows.length < ids.length * PLAYER_ACCOUNT_KINDS.length) {
    const values = ids.flatMap((id) =>
      PLAYER_ACCOUNT_KINDS.map((kind) => sql`(${`player:${id}:${kind}`}, ${id}, ${kind}, 0)`),
    );
    await tx.execute(
      sql`insert into ledger_accounts (code, player_id, kind, balance)
          values ${sql.join(values, sql`, `)} on conflict do nothing`,
    );
    rows = await select();
  }
  for (const row of rows)
    locked.set(row.code, { id: Number(row.id), code: row.code, balance: toBigInt(row.balance) });
  return locked;
};

/** House accounts are created on first use and never locked (they keep no running balance). */
const resolveHouseAccounts = async (tx: TExecutor, codes: string[]) => {
  const ids = new Map<string, number>();
  if (codes.length === 0) return ids;
  const select = async () => {
    const rows = await queryRows<{ id: unknown; code: string }>(
      tx,
      sql`select id, code from ledger_accounts where code in (${sql.join(
        codes.map((c) => sql`${c}`),
        sql`, `,
      )})`,
    );
    for (const row of rows) ids.set(row.code, Number(row.id));
  };
  await select();
  const missing = codes.filter((c) => !ids.has(c));
  if (missing.length > 0) {
    const values = missing.map((code) => sql`(${code}, ${code})`);
    await tx.execute(
      sql`insert into ledger_accounts (code, kind) values ${sql.join(values, sql`, `)} on conflict do nothing`,
    );
    await select();
  }
  return ids;
};

const loadPosted = async (
  tx: TExecutor,
  transactionId: number,
  idempotencyKey: string,
  kind: string,
): Promise<TPostedTransaction> => {
  const rows = await queryRows<{ code: string; amount: unknown; balance_after: unknown; player_id: unknown }>(
    tx,
    sql`select a.code, e.amount, e.balance_after, a.player_id from ledger_entries e
        join ledger_accounts a on a.id = e.account_id where e.transaction_id = ${transactionId} order by e.id`,
  );
  return {
    id: transactionId,
    idempotencyKey,
    kind,
    replayed: true,
    entries: rows.map((r) => ({
      account: r.code,
      amount: toBigInt(r.amount),
      balanceAfter: r.balance_after === null ? null : toBigInt(r.balance_after),
    })),
    playerIds: [...new Set(rows.filter((r) => r.player_id !== null).map((r) => Number(r.player_id)))],
  };
};

/** The body of `postTransaction`, for callers that already hold a transaction (it must be inside one). */
export const postInTransaction = async (
  tx: TExecutor,
  input: TTransactionInput,
): Promise<TPostedTransaction> => {
  const entries = normaliseEntries(input);
  const playerIds = [
    ...new Set(entries.flatMap((e) => (typeof e.ref === 'string' ? [] : [e.ref.playerId]))),
  ].sort((a, b) => a - b);
  const playerAccounts = await lockPlayerAccounts(tx, playerIds);
  const houseIds = await resolveHouseAccounts(
    tx,
    entries.filter((e) => isHouseCode(e.code)).map((e) => e.code),
  );
  const fingerprint = fingerprintOf(
    input.kind,
    entries.map((e) => ({ code: e.code, amount: e.amount })),
  );

  const inserted = await queryRows<{ id: unknown }>(
    tx,
    sql`insert into ledger_transactions (idempotency_key, kind, reference, fingerprint, meta, created_at)
        values (${input.idempotencyKey}, ${input.kind}, ${input.reference ?? null}, ${fingerprint},
                ${JSON.stringify(input.meta ?? {})}::jsonb, ${input.at ?? sql`now()`})
        on conflict (idempotency_key) do nothing returning id`,
  );
  if (inserted.length === 0) {
    const [existing] = await queryRows<{ id: unknown; fingerprint: string; kind: string }>(
      tx,
      sql`select id, fingerprint, kind from ledger_transactions where idempotency_key = ${input.idempotencyKey}`,
    );
    if (!existing || existing.fingerprint !== fingerprint)
      throw new IdempotencyConflictError(input.idempotencyKey);
    return loadPosted(tx, Number(existing.id), input.idempotencyKey, existing.kind);
  }
  const transactionId = Number(inserted[0]?.id);

  const posted: (TPostedEntry & { accountId: number })[] = [];
  for (const entry of entries) {
    if (isHouseCode(entry.code)) {
      const accountId = houseIds.get(entry.code);
      if (accountId === undefined) throw new Error(`house account ${entry.code} missing`);
      posted.push({ account: entry.code, amount: entry.amount, balanceAfter: null, accountId });
      continue;
    }
    const account = playerAccounts.get(entry.code);
    if (!account || account.balance === null) throw new Error(`player account ${entry.code} missing`);
    const balanceAfter = account.balance + entry.amount;
    if (balanceAfter < 0n) throw new InsufficientFundsError(entry.code);
    posted.push({ account: entry.code, amount: entry.amount, balanceAfter, accountId: account.id });
  }

  await tx.execute(
    sql`insert into ledger_entries (transaction_id, account_id, amount, balance_after) values ${sql.join(
      posted.map((p) => sql`(${transactionId}, ${p.accountId}, ${p.amount}, ${p.balanceAfter})`),
      sql`, `,
    )}`,
  );
  for (const p of posted)
    if (p.balanceAfter !== null)
      await tx.execute(
        sql`update ledger_accounts set balance = balance + ${p.amount} where id = ${p.accountId}`,
      );

  return {
    id: transactionId,
    idempotencyKey: input.idempotencyKey,
    kind: input.kind,
    replayed: false,
    entries: posted.map(({ account, amount, balanceAfter }) => ({ account, amount, balanceAfter })),
    playerIds,
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
    if (pgConstraint(error) === 'ledger_accounts_balance_non_negative')
      throw new InsufficientFundsError('(constraint)');
    throw error;
  }
  if (options.bus && !result.replayed && !isTransaction(db))
    await publishBalances(db as TDb, options.bus, result.playerIds);
  return result;
};

export type { TPlayerAccountKind };
