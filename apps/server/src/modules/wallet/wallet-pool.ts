/** The wallet's raw PostgreSQL path: the pool under Drizzle, one transaction on a pooled connection, literals. */
import pg from 'pg';
import type { TExecutor } from '../../platform/db/database.ts';
import { SESSION_TTL_MS } from './sessions.ts';
import { WalletError } from './wallet-error.ts';
import type { TCallInput, TKind } from './wallet-types.ts';

/** The pg pool under Drizzle on PostgreSQL; null on PGlite (in-process: no round trips or parsing to save). */
export const poolOf = (db: TExecutor) => {
  const client = (db as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : null;
};

/** Runs `work` in a transaction on one pooled connection; any failure rolls it back. */
export const onClient = async <T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> => {
  const client = await pool.connect();
  let healthy = true;
  try {
    return await work(client);
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

/** Sends a simple-protocol statement list; answers each statement's result. */
export const multi = async (client: pg.PoolClient, text: string) =>
  (await client.query(text)) as unknown as pg.QueryResult<{ result: unknown }>[];

/** An amount as its digits; a negative one is the wallet's BAD_REQUEST. */
export const amountText = (amount: bigint) => {
  const text = amount.toString();
  if (!/^\d+$/.test(text)) throw new WalletError('BAD_REQUEST', 'amount must be >= 0');
  return text;
};

const literal = (value: string | null) => (value === null ? 'null' : pg.escapeLiteral(value));

/** The session's new expiry after a call at `now`, as a literal. */
const expiryLiteral = (now: Date) => literal(new Date(now.getTime() + SESSION_TTL_MS).toISOString());

/** The call's time and the session's new expiry. */
const timeLiterals = (now: Date) =>
  `${literal(now.toISOString())}::timestamptz,
    ${expiryLiteral(now)}::timestamptz`;

export const callLiterals = (kind: TKind, input: TCallInput, now: Date) => {
  const amount = amountText(input.amount);
  return `${literal(kind)}, ${literal(input.session)}, ${literal(input.transactionId)}, ${literal(input.roundId)},
    ${amount}::bigint, ${literal(input.reference)}, ${timeLiterals(now)}, ${input.roundClosed}`;
};

/**
 * A round of one of our games: its stake, and its win when it ended at once (wallet_round's arguments); a round
 * without its win stays open.
 */
export interface TRoundCall {
  session: string;
  roundId: string;
  transactionId: string;
  amount: bigint;
  win: { transactionId: string; amount: bigint } | null;
  now: Date;
}

/** wallet_round's call for one round that ended (migration 1050). */
export const roundText = (round: TRoundCall & { win: NonNullable<TRoundCall['win']> }) =>
  `select wallet_round(${literal(round.session)}, ${literal(round.roundId)}, ${literal(round.transactionId)},
    ${amountText(round.amount)}::bigint, ${literal(round.win.transactionId)}, ${amountText(round.win.amount)}::bigint,
    ${timeLiterals(round.now)}) as result`;

/** wallet_apply's call for a stake that leaves its round open (migration 0511). */
export const stakeText = (call: TCallInput, now: Date) =>
  `select wallet_apply(${callLiterals('bet', call, now)}) as result`;

/** A round's money as a statement of its own (a round alone): wallet_round when it ended, else its stake's. */
export const roundAloneText = ({ win, ...round }: TRoundCall) =>
  win
    ? roundText({ ...round, win })
    : stakeText({ ...round, reference: null, roundClosed: false }, round.now);

/**
 * wallet_round_many's call for a batch's rounds (migrations 1062, 1064): its answer holds, in the rounds' order,
 * what wallet_round answers for each that ended, and an array of wallet_apply's answer for the stake of each that
 * stays open.
 */
export const roundManyText = (rounds: TRoundCall[]) => {
  const column = (type: string, value: (round: TRoundCall) => string) =>
    `array[${rounds.map(value).join(', ')}]::${type}[]`;
  return `select wallet_round_many(${[
    column('text', (r) => literal(r.session)),
    column('text', (r) => literal(r.roundId)),
    column('text', (r) => literal(r.transactionId)),
    column('bigint', (r) => amountText(r.amount)),
    column('text', (r) => literal(r.win?.transactionId ?? null)),
    column('bigint', (r) => amountText(r.win?.amount ?? 0n)),
    column('timestamptz', (r) => literal(r.now.toISOString())),
    column('timestamptz', (r) => expiryLiteral(r.now)),
  ].join(', ')}) as result`;
};

/** wallet_open's arguments: a bet's opening (the session, the player's lock, a repeat's answer). */
export interface TOpenCall {
  session: string;
  transactionId: string;
  roundId: string;
  amount: bigint;
}

/** wallet_open's call for one bet (migration 0211). */
export const openText = (call: TOpenCall) =>
  `select wallet_open('bet', ${literal(call.session)}, ${literal(call.transactionId)}, ${literal(call.roundId)},
     ${amountText(call.amount)}::bigint, null) as result`;

/** wallet_open_many's call for a batch's bets (migration 1063): each one's answer as wallet_open's, in order. */
export const openManyText = (calls: TOpenCall[]) => {
  const column = (type: string, value: (call: TOpenCall) => string) =>
    `array[${calls.map(value).join(', ')}]::${type}[]`;
  return `select wallet_open_many(${[
    column('text', () => literal('bet')),
    column('text', (c) => literal(c.session)),
    column('text', (c) => literal(c.transactionId)),
    column('text', (c) => literal(c.roundId)),
    column('bigint', (c) => amountText(c.amount)),
    column('text', () => 'null'),
  ].join(', ')}) as result`;
};
