/**
 * Cancelling a tournament (the back-office): in one transaction the tournament becomes `cancelled` (it scores no
 * more bets and is never closed) and every paid entry fee goes back to the player's main balance through the ledger
 * (key `tournament-refund:<id>:<player>`, so a replay moves nothing). The caller's `inTransaction` (the audit row)
 * runs in the same transaction: a failure anywhere changes nothing.
 */
import { sql } from 'drizzle-orm';
import type { TAppContext } from '../../platform/context.ts';
import { queryRows, type TExecutor } from '../../platform/db/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { postInTransaction, publishBalances } from '../ledger/index.ts';
import { STANDINGS_TOPIC } from './live.ts';
import { TOURNAMENT_ENTRIES_ACCOUNT } from './participate.ts';

export interface TCancelSummary {
  tournamentId: number;
  refunds: number;
  /** Minor units paid back in all. */
  refunded: bigint;
}

export const cancelTournament = async (
  ctx: Pick<TAppContext, 'db' | 'bus' | 'providers'>,
  id: number,
  inTransaction: (tx: TExecutor, summary: TCancelSummary) => Promise<void> = async () => {},
) => {
  const now = ctx.providers.clock.now();
  const summary = await ctx.db.transaction(async (tx) => {
    const [row] = await queryRows<{ state: string }>(
      tx,
      sql`select state from tournaments where id = ${id} for update`,
    );
    if (!row) throw new AppError('InvalidParameterException', { invalid_parameters: { id: 'notFound' } });
    if (row.state !== 'open')
      throw new AppError('InvalidParameterException', { invalid_parameters: { state: 'wrongField' } });
    await tx.execute(
      sql`update tournaments set state = 'cancelled', cancelled_at = ${now}, updated_at = ${now} where id = ${id}`,
    );
    const paid = await queryRows<{ player_id: string; fee_paid: string }>(
      tx,
      sql`select player_id, fee_paid::text as fee_paid from tournament_entries
           where tournament_id = ${id} and fee_paid > 0 and fee_refund_transaction_id is null order by player_id`,
    );
    const result: TCancelSummary = { tournamentId: id, refunds: 0, refunded: 0n };
    for (const entry of paid) {
      const playerId = Number(entry.player_id);
      const amount = BigInt(entry.fee_paid);
      const posted = await postInTransaction(tx, {
        idempotencyKey: `tournament-refund:${id}:${playerId}`,
        kind: 'tournament.refund',
        reference: String(id),
        meta: { tournament_id: id },
        entries: [
          { account: { playerId, kind: 'main' }, amount },
          { account: TOURNAMENT_ENTRIES_ACCOUNT, amount: -amount },
        ],
        at: now,
      });
      await tx.execute(
        sql`update tournament_entries set fee_refund_transaction_id = ${posted.id}
             where tournament_id = ${id} and player_id = ${playerId}`,
      );
      result.refunds += 1;
      result.refunded += amount;
    }
    await inTransaction(tx, result);
    return { ...result, players: paid.map((p) => Number(p.player_id)) };
  });
  if (summary.players.length) await publishBalances(ctx.db, ctx.bus, summary.players);
  await ctx.bus.publish(STANDINGS_TOPIC, { tournament_id: id });
  return summary;
};
