/**
 * Signed-in play time for session-time limits: every API request of a signed-in player extends the current
 * stretch of activity, or starts a new one after a pause longer than IDLE_GAP_MS (an idle tab is not play).
 */
import { sql } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/database.ts';
import { queryRows } from '../../platform/db/database.ts';

export const IDLE_GAP_MS = 5 * 60_000;

export const recordActivity = async (db: TExecutor, playerId: number, now: Date) => {
  const [last] = await queryRows<{ id: unknown; last_seen_at: string | Date }>(
    db,
    sql`select id, last_seen_at from rg_activity where player_id = ${playerId} order by last_seen_at desc limit 1`,
  );
  const gap = last ? now.getTime() - new Date(last.last_seen_at).getTime() : Number.POSITIVE_INFINITY;
  if (last && gap >= 0 && gap <= IDLE_GAP_MS) {
    if (gap > 0)
      await db.execute(sql`update rg_activity set last_seen_at = ${now} where id = ${Number(last.id)}`);
    return;
  }
  if (last && gap < 0) return;
  await db.execute(
    sql`insert into rg_activity (player_id, started_at, last_seen_at) values (${playerId}, ${now}, ${now})`,
  );
};

/** Seconds of signed-in activity after `since`. */
export const activeSecondsSince = async (db: TExecutor, playerId: number, since: Date) => {
  const [row] = await queryRows<{ seconds: unknown }>(
    db,
    sql`select coalesce(sum(extract(epoch from (last_seen_at - greatest(started_at, ${since}::timestamptz)))), 0)::bigint::text
          as seconds
        from rg_activity where player_id = ${playerId} and last_seen_at > ${since}`,
  );
  return Number(row?.seconds ?? 0);
};
