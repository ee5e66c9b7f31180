/**
 * A round of one of our own games as ONE transaction of the bet pipeline: wallet_open (the session, the player's
 * lock), the bet's checks and the responsible-gaming guard, then the game's `record` (it takes its nonce and
 * plays the round under that lock), then in one round trip the round's record, the stake and the win when the round
 * ended (one wallet_round call, docs/decisions/038; the stake's wallet_apply when the round stays open; in a batch,
 * one wallet_round_many call for all its rounds, docs/decisions/044 and 046), every consequence of the bet pipeline
 * (one prepared statement) and the commit. Nothing is taken, drawn or recorded unless all of it is. The money
 * moves by the wallet's own functions, as for any provider, so ids, repeats and history stay the wallet's.
 */

import { type Cents, toCents } from '@casino/contracts';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { TExecutor } from '../../platform/db/database.ts';
import type { TBetEvent } from '../bets/bet-event.ts';
import type { TBetReport } from '../bets/pipeline.ts';
import { queryRows } from '../ledger/sql.ts';
import { aloneRows, aloneText, type TBatchStatement } from './batch-statements.ts';
import { batcherOf, type TBatchJob } from './bet-batch.ts';
import { executorOf } from './pooled-executor.ts';
import type { TWalletContext } from './sessions.ts';
import { WalletError } from './wallet-error.ts';
import { multi, onClient, openText, poolOf, roundAloneText, type TRoundCall } from './wallet-pool.ts';
import {
  betEventOf,
  betMovement,
  checkBet,
  json,
  publishApplied,
  reportOf,
  type TApplied,
  type TOpened,
  walletErrorOf,
} from './wallet-service.ts';

/** What the game records, decided under the player's lock. */
export interface TRoundRecord<T> {
  /**
   * One statement, values inlined with `literal`, that records the round (its `returning` rows come back) with the
   * money's statements, or a part of one that a batch's rounds share (batch-statements.ts); none when `record` wrote
   * what it needed itself through `tx`.
   */
  statement?: TBatchStatement;
  /** The win to credit in the same transaction; null leaves the round open. */
  win: { transactionId: string; amount: Cents } | null;
  /** Anything the game wants back. */
  value: T;
}

export interface TBetAndRecordInput<T> {
  session: string;
  roundId: string;
  transactionId: string;
  amount: Cents;
  /**
   * A statement of the game's own (values inlined as literals) sent with wallet_open, under the player's lock: it
   * saves the game a round trip. Its rows are handed to `record`. A refused bet undoes it with the rest. It may be
   * a part of a statement that a batch's rounds share (batch-statements.ts).
   */
  prelude?: TBatchStatement;
  /** Runs inside the transaction after the bet's checks, before any money moves. */
  record(
    tx: TExecutor,
    literal: (value: string) => string,
    preludeRows: Record<string, unknown>[],
  ): Promise<TRoundRecord<T>>;
}

export interface TBetAndRecordResult<T> {
  value: T;
  /** The round's record as its statement returned it. */
  recorded: Record<string, unknown>;
  /** The balance of the session's mode after the round, in minor units. */
  balance: Cents;
}

const literal = (value: string) => pg.escapeLiteral(value);

/**
 * The round's money and the consequences' events: the stake, and the win when the round ended. A batch moves it
 * with its other rounds' in one wallet_round_many call, which leaves a round without its win open (migration 1064).
 */
const movements = <T>(
  ctx: TWalletContext,
  input: TBetAndRecordInput<T>,
  opened: TOpened,
  record: TRoundRecord<T>,
  now: Date,
): { round: TRoundCall; events: TBetEvent[] } => {
  const events: TBetEvent[] = [];
  if (ctx.bets.isActive) {
    events.push(betEventOf(ctx, betMovement(opened, input), now));
    if (record.win)
      events.push(betEventOf(ctx, { ...betMovement(opened, input), kind: 'win', ...record.win }, now));
  }
  return { round: { ...input, win: record.win, now }, events };
};

type TRows = Record<string, unknown>[];

/** The wallet's answers in a statement's rows: one for wallet_apply, the stake's and the win's for wallet_round. */
const appliedOf = (rows: TRows | undefined): TApplied[] => {
  const result = json<TApplied | TApplied[]>(rows?.[0]?.result);
  return Array.isArray(result) ? result : [result];
};

interface TOutcome<T> {
  record: TRoundRecord<T>;
  recorded: Record<string, unknown>;
  applied: TApplied[];
  events: TBetEvent[];
  /** The consequences' row (modules/bets) for their after-commit hooks. */
  report: TBetReport | null;
}

/** A new round's ids are fresh: a seen transaction id means a caller reused one. */
const assertFresh = (opened: TOpened) => {
  if (opened.response)
    throw new WalletError('TRANSACTION_MISMATCH', 'the round transaction id was used before');
};

/** On PostgreSQL: begin + open + the game's prelude, the guard (its rules usually kept in memory), the rest + commit. */
const onPool = <T>(ctx: TWalletContext, pool: pg.Pool, input: TBetAndRecordInput<T>, now: Date) =>
  onClient(pool, async (client): Promise<TOutcome<T>> => {
    const opening = await multi(
      client,
      `begin; ${openText(input)}${input.prelude ? `; ${aloneText(input.prelude)}` : ''}`,
    );
    const opened = json<TOpened>(opening[1]?.rows[0]?.result);
    assertFresh(opened);
    const tx = executorOf(client);
    await checkBet(ctx, tx, opened, input, now);
    const preludeRows = (opening[2]?.rows ?? []) as TRows;
    const record = await input.record(
      tx,
      literal,
      input.prelude ? aloneRows(input.prelude, preludeRows) : [],
    );
    const { round, events } = movements(ctx, input, opened, record, now);
    const consequences = await ctx.bets.executeText(client, events, literal);
    const statements = [
      ...(record.statement ? [aloneText(record.statement)] : []),
      roundAloneText(round),
      ...(consequences ? [consequences] : []),
    ];
    const results = (await multi(client, `${statements.join('; ')}; commit`)) as unknown as { rows: TRows }[];
    const first = record.statement ? 1 : 0;
    const applied = appliedOf(results[first]?.rows);
    const report = consequences ? reportOf(results[first + 1]) : null;
    const recorded = record.statement ? aloneRows(record.statement, results[0]?.rows ?? [])[0] : undefined;
    return { record, recorded: recorded ?? {}, applied, events, report };
  });

/** On PGlite: the same statements in Drizzle's transaction (in-process: no round trips to save). */
const inTransaction = <T>(ctx: TWalletContext, input: TBetAndRecordInput<T>, now: Date) =>
  ctx.db.transaction(async (tx): Promise<TOutcome<T>> => {
    const run = (text: string): Promise<TRows> => queryRows(tx, sql.raw(text));
    const opened = json<TOpened>((await run(openText(input)))[0]?.result);
    assertFresh(opened);
    const { prelude } = input;
    const preludeRows = prelude ? aloneRows(prelude, await run(aloneText(prelude))) : [];
    await checkBet(ctx, tx, opened, input, now);
    const record = await input.record(tx, literal, preludeRows);
    const { statement } = record;
    const recorded = (statement && aloneRows(statement, await run(aloneText(statement)))[0]) || {};
    const { round, events } = movements(ctx, input, opened, record, now);
    const report = await ctx.bets.apply(tx, events);
    const applied = appliedOf(await run(roundAloneText(round)));
    return { record, recorded, applied, events, report };
  });

/** The caller's answer from a committed round; the hooks run here unless the round's batch ran them. */
const answerOf = async <T>(
  ctx: TWalletContext,
  outcome: Pick<TOutcome<T>, 'record' | 'recorded' | 'applied'> & Partial<TOutcome<T>>,
): Promise<TBetAndRecordResult<T>> => {
  const last = outcome.applied[outcome.applied.length - 1] as TApplied;
  await publishApplied(
    ctx,
    { ...last, moved: outcome.applied.some((a) => a.moved) },
    outcome.events,
    outcome.report,
  );
  return { value: outcome.record.value, recorded: outcome.recorded, balance: toCents(last.response.balance) };
};

/** The round in a batch (bet-batch.ts): its opening and prelude with the batch's `begin`, then as onPool. */
const roundJob = <T>(
  ctx: TWalletContext,
  input: TBetAndRecordInput<T>,
  now: Date,
  alone: () => Promise<TBetAndRecordResult<T>>,
): TBatchJob<TBetAndRecordResult<T>> => ({
  session: input.session,
  opening: { call: input, rest: input.prelude ? [input.prelude] : [] },
  alone,
  decide: async (client, [opening, prelude]) => {
    const opened = json<TOpened>(opening?.[0]?.result);
    assertFresh(opened);
    const tx = executorOf(client);
    await checkBet(ctx, tx, opened, input, now);
    const record = await input.record(tx, literal, prelude ?? []);
    const { round, events } = movements(ctx, input, opened, record, now);
    const first = record.statement ? 1 : 0;
    return {
      statements: record.statement ? [record.statement] : [],
      round,
      events,
      finish: (rows) =>
        answerOf(ctx, {
          record,
          recorded: (record.statement && rows[0]?.[0]) || {},
          applied: rows.slice(first).flatMap(appliedOf),
        }),
    };
  },
});

/**
 * Takes the stake, records the round and credits its win in one transaction; throws WalletError on a refusal. On
 * PostgreSQL the round shares its transaction with the bets waiting at the same moment (bet-batch.ts).
 */
export const betAndRecord = async <T>(
  ctx: TWalletContext,
  input: TBetAndRecordInput<T>,
): Promise<TBetAndRecordResult<T>> => {
  if (!/^\d+$/.test(input.amount.toString())) throw new WalletError('BAD_REQUEST', 'amount must be >= 0');
  const now = ctx.providers.clock.now();
  await ctx.bets.refresh();
  const pool = poolOf(ctx.db);
  const alone = async () => {
    let outcome: TOutcome<T>;
    try {
      outcome = await (pool ? onPool(ctx, pool, input, now) : inTransaction(ctx, input, now));
    } catch (error) {
      throw walletErrorOf(error);
    }
    return answerOf(ctx, outcome);
  };
  return pool ? batcherOf(ctx, pool).run(roundJob(ctx, input, now, alone)) : alone();
};
