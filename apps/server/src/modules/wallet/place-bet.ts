/**
 * placeBet: the one way a bet enters the wallet, whatever its source (a provider's stake through the seamless-wallet
 * API, a round of our games for a player or a visitor, a bet on a shared table, a sportsbook slip). A bet is a
 * plain command: whose money, the ids, the stake and, for a round recorded with its stake, what to read under the
 * player's lock and the round's plan as a pure function of what was read. Here one code path decides the
 * statements a bet needs; the executors only decide how they are sent (executors.ts one at a time, batch-executor.ts in a
 * batch on PostgreSQL). Nothing is taken, drawn or recorded unless all of it is.
 *
 * The statements, in one transaction: wallet_open (the session, the player's lock, a repeat's answer) and the
 * round's read; then, after the bet's checks and the responsible-gaming guard, the round's records, its money
 * (wallet_round when it ended, else the stake's wallet_apply) and the bet pipeline's consequences (one statement).
 */
import { type Cents, toCents, toMajor } from '@casino/contracts';
import { AppError } from '../../platform/http/app-error.ts';
import type { TBetOutcome, TBetSource } from '../../platform/observability/metrics.ts';
import { inSpan } from '../../platform/observability/tracing.ts';
import type { TBetEvent } from '../bets/index.ts';
import { batchExecutorOf, runOnItsOwn } from './batch-executor.ts';
import { poolOf, type TJobStep, type TWalletJob } from './executors.ts';
import type { TWalletContext } from './sessions.ts';
import { roundMoney, stakeText, type TRows, type TStatement } from './statements.ts';
import { visitorEnsureText, visitorLockText, visitorStakeText } from './visitor-wallet.ts';
import { WalletError } from './wallet-error.ts';
import { betEventOf, betMovement, checkBet, checkIds, json } from './wallet-movements.ts';
import type { TApplied, TBetInput, TOpened, TWalletAnswer } from './wallet-types.ts';

/** What a round recorded with its stake adds to the bet: its read under the lock and its plan. */
export interface TRoundOrder<T> {
  /** A statement run under the player's lock with the opening (a seed pair's next nonce, a slip's book). */
  read?: TStatement;
  /**
   * The round's plan from the rows `read` answered: pure (no I/O), it may throw a refusal, which undoes the bet.
   * It runs under the lock after the bet's checks.
   */
  plan(read: TRows): TRoundPlan<T>;
}

/** A round as data: the statements that record it, its win when it ended with the stake, what the caller gets. */
export interface TRoundPlan<T> {
  /** Values inlined (platform/db/sql-literal.ts); their rows come back in `recorded`. */
  records: TStatement[];
  /** The win to credit in the same transaction; null leaves the round open. */
  win: { transactionId: string; amount: Cents } | null;
  value: T;
}

export interface TBetCommand<T = undefined> {
  /** Whose money: a wallet session (it names the player, the game and its provider) or a visitor's play money. */
  wallet: { session: string } | { visitor: string };
  roundId: string;
  transactionId: string;
  stake: Cents;
  /** A round recorded with the stake (our games, the shared tables, the sportsbook); none for a provider's stake. */
  round?: TRoundOrder<T>;
  /**
   * Where the bet comes from, for the metrics (bets by source): by default a visitor's play money is `visitors`, a
   * round of ours `games` and a stake without a round `providers`.
   */
  source?: TBetSource;
}

export interface TPlacedBet<T> {
  /** The wallet's answer; `replayed` when a provider's stake repeats an id (nothing moved now). */
  answer: TWalletAnswer;
  /** The balance the stake was taken from, after the bet. */
  balance: Cents;
  /** The round's value (undefined without a round). */
  value: T;
  /** The rows of the round's records, statement by statement. */
  recorded: TRows[];
}

/** The wallet's answers in the money statement's rows: wallet_apply's one, or wallet_round's stake and win. */
const appliedOf = (rows: TRows | undefined): TApplied[] => {
  const result = json<TApplied | TApplied[]>(rows?.[0]?.result);
  return Array.isArray(result) ? result : [result];
};

/** A round's ids are fresh: a seen transaction id means a caller reused one. */
const reused = () => new WalletError('TRANSACTION_MISMATCH', 'the round transaction id was used before');

/** A player's bet on a wallet session. */
const playerJob = <T>(
  ctx: TWalletContext,
  command: TBetCommand<T>,
  session: string,
  now: Date,
): TWalletJob<TPlacedBet<T>> => {
  const { round } = command;
  const input: TBetInput = {
    session,
    roundId: command.roundId,
    transactionId: command.transactionId,
    amount: command.stake,
  };
  return {
    session,
    opening: { open: input, statements: round?.read ? [round.read] : [] },
    async next(tx, [opening, read]): Promise<TJobStep<TPlacedBet<T>>> {
      const opened = json<TOpened>(opening?.[0]?.result);
      if (opened.response) {
        if (round) throw reused();
        const answer = { ...opened.response, replayed: true };
        const value = { answer, balance: toCents(answer.balance), value: undefined as T, recorded: [] };
        return { statements: [], events: [], answer: () => ({ value, published: null }) };
      }
      await checkBet(ctx, tx, opened, input, now);
      const plan = round?.plan(read ?? []);
      const win = plan?.win ?? null;
      const events: TBetEvent[] = [];
      if (ctx.bets.isActive) {
        const bet = betMovement(opened, input);
        events.push(betEventOf(ctx, bet, now));
        if (win) events.push(betEventOf(ctx, { ...bet, kind: 'win', ...win }, now));
      }
      const records = plan?.records ?? [];
      const money = round
        ? roundMoney({ ...input, win, now })
        : stakeText({ ...input, reference: null, roundClosed: false }, now);
      return {
        statements: [...records, money],
        events,
        answer: (rows) => {
          const applied = appliedOf(rows[records.length]);
          const last = applied[applied.length - 1] as TApplied;
          return {
            value: {
              answer: last.response,
              balance: toCents(last.response.balance),
              value: plan?.value as T,
              recorded: rows.slice(0, records.length),
            },
            published: { ...last, moved: applied.some((a) => a.moved) },
          };
        },
      };
    },
  };
};

/** A visitor's bet on play money: the same command, the visitor's wallet row as the lock. */
const visitorJob = <T>(command: TBetCommand<T>, visitor: string, now: Date): TWalletJob<TPlacedBet<T>> => {
  const { round } = command;
  const answerOf = (balance: Cents, replayed = false): TWalletAnswer => ({
    transaction_id: command.transactionId,
    balance: toMajor(balance),
    currency: 'USD',
    mode: 'demo',
    ...(replayed ? { replayed } : {}),
  });
  return {
    session: null,
    opening: {
      statements: [
        visitorEnsureText(visitor, now),
        visitorLockText(visitor, command.transactionId),
        ...(round?.read ? [round.read] : []),
      ],
    },
    async next(_tx, [, locked, read]): Promise<TJobStep<TPlacedBet<T>>> {
      const wallet = locked?.[0] as { balance: unknown; seen: boolean } | undefined;
      const before = BigInt(String(wallet?.balance ?? 0));
      if (wallet?.seen) {
        if (round) throw reused();
        const value = {
          answer: answerOf(before, true),
          balance: before,
          value: undefined as T,
          recorded: [],
        };
        return { statements: [], events: [], answer: () => ({ value, published: null }) };
      }
      if (before < command.stake) throw new WalletError('INSUFFICIENT_FUNDS');
      const plan = round?.plan(read ?? []);
      const records = plan?.records ?? [];
      const stake = { transactionId: command.transactionId, amount: command.stake };
      return {
        statements: [...records, visitorStakeText(visitor, stake, plan?.win ?? null, now)],
        events: [],
        answer: (rows) => {
          const moved = rows[records.length]?.[0];
          if (!moved) throw new WalletError('INSUFFICIENT_FUNDS');
          const balance = BigInt(String(moved.balance));
          const value = { answer: answerOf(balance), balance, value: plan?.value as T, recorded: rows };
          return { value: { ...value, recorded: rows.slice(0, records.length) }, published: null };
        },
      };
    },
  };
};

/**
 * Places the bet: takes the stake, records the round and credits its win in one transaction; throws WalletError on
 * a refusal. On PostgreSQL a player's bet shares its transaction with the bets waiting at the same moment. Timed by
 * source and outcome for the metrics, and a span (`bet.place`) when tracing is on.
 */
export const placeBet = async <T = undefined>(
  ctx: TWalletContext,
  command: TBetCommand<T>,
): Promise<TPlacedBet<T>> => {
  const source =
    command.source ?? ('visitor' in command.wallet ? 'visitors' : command.round ? 'games' : 'providers');
  const started = performance.now();
  let outcome: TBetOutcome = 'failed';
  try {
    const placed = await inSpan('bet.place', { 'casino.bet.source': source }, () => place(ctx, command));
    outcome = placed.answer.replayed ? 'replayed' : 'placed';
    return placed;
  } catch (error) {
    if (error instanceof WalletError || error instanceof AppError) outcome = 'refused';
    throw error;
  } finally {
    ctx.metrics?.bet(source, outcome, (performance.now() - started) / 1000);
  }
};

const place = async <T>(ctx: TWalletContext, command: TBetCommand<T>): Promise<TPlacedBet<T>> => {
  checkIds('bet', { ...command, amount: command.stake });
  const now = ctx.providers.clock.now();
  if (!('session' in command.wallet))
    return runOnItsOwn(ctx, visitorJob(command, command.wallet.visitor, now));
  await ctx.bets.refresh();
  const job = playerJob(ctx, command, command.wallet.session, now);
  const pool = poolOf(ctx.db);
  return pool ? batchExecutorOf(ctx, pool).run(job) : runOnItsOwn(ctx, job);
};
