/**
 * Wins and rollbacks together with the caller's own records in ONE transaction of the bet pipeline: `work` runs
 * in the transaction (it locks and updates its own rows, e.g. a sportsbook bet it settles) and moves money with
 * `move`, which is wallet_call as for any provider (ids, repeats and history stay the wallet's); the pipeline's
 * consequences apply to the movements in the same transaction; after commit, their hooks and the balances.
 */
import { sql } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/database.ts';
import type { TBetEvent } from '../bets/index.ts';
import { queryRows, textArray } from '../ledger/index.ts';
import type { TWalletContext } from './sessions.ts';
import { amountText, callText } from './statements.ts';
import { betEventOf, json, movementOf, publishApplied, walletErrorOf } from './wallet-movements.ts';
import type { TApplied, TCallInput } from './wallet-types.ts';

export interface TMoveInput {
  session: string;
  transactionId: string;
  roundId: string;
  amount: bigint;
  /** A rollback: the bet transaction it cancels. */
  reference?: string | null;
  roundClosed?: boolean;
}

export type TMove = (kind: 'win' | 'rollback', input: TMoveInput) => Promise<TApplied>;
/** Many wins in ONE statement (as wallet_call per row, in order, set-based): a settlement batch's round trip. */
export type TMoveMany = (inputs: readonly TMoveInput[]) => Promise<TApplied[]>;

/** After a batch commits: the hooks once for every movement, each player's balances once (their last state). */
const publishBatch = async (ctx: TWalletContext, moved: { applied: TApplied; event: TBetEvent }[]) => {
  await ctx.bets.afterCommit(moved.map((m) => m.event));
  const last = new Map<string, TApplied>();
  for (const m of moved) last.set(String(m.applied.player_id), m.applied);
  for (const applied of last.values()) await publishApplied(ctx, applied);
};

export const walletTransaction = async <T>(
  ctx: TWalletContext,
  work: (tx: TExecutor, move: TMove, moveMany: TMoveMany) => Promise<T>,
): Promise<T> => {
  const now = ctx.providers.clock.now();
  await ctx.bets.refresh();
  let moved: { applied: TApplied; event: TBetEvent }[] = [];
  let value: T;
  try {
    value = await ctx.db.transaction(async (tx) => {
      moved = [];
      const callOf = (input: TMoveInput): TCallInput => ({
        session: input.session,
        transactionId: input.transactionId,
        roundId: input.roundId,
        amount: input.amount,
        reference: input.reference ?? null,
        roundClosed: input.roundClosed ?? false,
      });
      const record = (kind: 'win' | 'rollback', call: TCallInput, result: unknown) => {
        const applied = json<TApplied>(result);
        if (!applied.replayed) {
          const event = betEventOf(ctx, movementOf(kind, applied, call), now);
          moved.push({ applied, event });
        }
        return applied;
      };
      const move: TMove = async (kind, input) => {
        const call = callOf(input);
        const [row] = await queryRows<{ result: unknown }>(tx, sql.raw(callText(kind, call, now)));
        return record(kind, call, row?.result);
      };
      const moveMany: TMoveMany = async (inputs) => {
        if (inputs.length === 0) return [];
        const calls = inputs.map(callOf);
        // wallet_win_many answers each row as wallet_call('win', …) in the rows' order would.
        const rows = await queryRows<{ o_i: number; o_result: unknown }>(
          tx,
          sql`select o_i, o_result from wallet_win_many(${now}::timestamptz,
                ${textArray(calls.map((c) => c.session))}::text[],
                ${textArray(calls.map((c) => c.transactionId))}::text[],
                ${textArray(calls.map((c) => c.roundId))}::text[],
                ${textArray(calls.map((c) => amountText(c.amount)))}::bigint[],
                ${textArray(calls.map((c) => String(c.roundClosed)))}::boolean[]) order by o_i`,
        );
        return rows.map((row, i) => record('win', calls[i] as TCallInput, row.o_result));
      };
      const result = await work(tx, move, moveMany);
      await ctx.bets.apply(
        tx,
        moved.map((m) => m.event),
      );
      return result;
    });
  } catch (error) {
    throw walletErrorOf(error);
  }
  if (moved.length === 1) for (const m of moved) await publishApplied(ctx, m.applied, [m.event]);
  else if (moved.length > 1) await publishBatch(ctx, moved);
  return value;
};
