/**
 * tournaments.participate: a player joins an opt-in tournament that has not ended, when their country and currency
 * meet its restrictions. A tournament with an entry fee takes it from the main balance through the ledger in the
 * same transaction as the entry (key `tournament-entry:<id>:<player>`). Joining twice answers 1 again (the entry is
 * kept, with its points, and the fee is not taken again).
 */
import { sql } from 'drizzle-orm';
import type { TAppContext } from '../../platform/context.ts';
import { queryRows } from '../../platform/db/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { THouseAccount } from '../ledger/index.ts';
import { InsufficientFundsError, postInTransaction, publishBalances } from '../ledger/index.ts';
import type { TPlayer } from '../players/index.ts';
import { statusOf, tournamentById } from './tournament-rows.ts';

/** Where entry fees wait: paid back from here when a tournament is cancelled. */
export const TOURNAMENT_ENTRIES_ACCOUNT: THouseAccount = 'house:tournament_entries';

const refuse = (reason: 'unknown' | 'closed' | 'restricted' | 'insufficient_funds') =>
  new AppError('InvalidParameterException', { invalid_parameters: { tournament_id: 'wrongField' }, reason });

export const participate = async (
  ctx: Pick<TAppContext, 'db' | 'bus'>,
  player: TPlayer,
  tournamentId: number,
  now: Date,
) => {
  const t = await tournamentById(ctx.db, tournamentId);
  if (!t) throw refuse('unknown');
  const status = statusOf(t, now);
  if (status === 'finished' || status === 'cancelled') throw refuse('closed');
  if (t.currency !== player.currency) throw refuse('restricted');
  if (t.countries.length > 0 && !t.countries.includes(player.countryCode ?? '')) throw refuse('restricted');
  const fee = t.entry_fee;
  let paid = false;
  try {
    await ctx.db.transaction(async (tx) => {
      // Shares the row lock a cancel takes: an entry is either refunded by the cancel or refused after it.
      const open = await queryRows(
        tx,
        sql`select 1 from tournaments where id = ${t.id} and state = 'open' for share`,
      );
      if (open.length === 0) throw refuse('closed');
      const joined = await queryRows(
        tx,
        sql`insert into tournament_entries (tournament_id, player_id, points, reached_at, joined_at, fee_paid)
            values (${t.id}, ${player.id}, 0, ${now}, ${now}, ${fee.toString()}::bigint)
            on conflict do nothing returning 1`,
      );
      if (joined.length === 0 || fee === 0n) return;
      await postInTransaction(tx, {
        idempotencyKey: `tournament-entry:${t.id}:${player.id}`,
        kind: 'tournament.entry',
        reference: String(t.id),
        meta: { tournament_id: t.id },
        entries: [
          { account: { playerId: player.id, kind: 'main' }, amount: -fee },
          { account: TOURNAMENT_ENTRIES_ACCOUNT, amount: fee },
        ],
        at: now,
      });
      paid = true;
    });
  } catch (error) {
    if (error instanceof InsufficientFundsError) throw refuse('insufficient_funds');
    throw error;
  }
  if (paid) await publishBalances(ctx.db, ctx.bus, [player.id]);
  return 1 as const;
};
