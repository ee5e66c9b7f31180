/**
 * reset_on_cashout: a withdrawal resets the player's points in every running tournament that says so. It runs as a
 * withdrawal check (modules/cashier), inside the withdrawal's transaction under the player's lock, so a refused
 * withdrawal resets nothing and no bet of the player interleaves.
 */
import { sql } from 'drizzle-orm';
import type { TWithdrawalCheck } from '../cashier/index.ts';

export const resetOnCashout: TWithdrawalCheck = async ({ tx, ctx, player }) => {
  const now = ctx.providers.clock.now();
  await tx.execute(
    sql`update tournament_entries e set points = 0, reached_at = ${now}
          from tournaments t
         where t.id = e.tournament_id and e.player_id = ${player.id} and t.reset_on_cashout
           and t.state = 'open' and t.starts_at <= ${now} and t.ends_at > ${now} and e.points <> 0`,
  );
};
