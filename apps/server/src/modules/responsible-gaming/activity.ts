/**
 * Signed-in play time for session-time limits: every API request of a signed-in player extends the current
 * stretch of activity, or starts a new one after a pause longer than IDLE_GAP_MS (an idle tab is not play).
 */
import { sql } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/database.ts';
import { queryRows } from '../../platform/db/database.ts';

export const IDLE_GAP_MS = 5 * 60_000;

/**
 * A player's requests closer together than this are one write. Limits count minutes, so a stretch may end up to
 * this long before its last request; and a player who plays a round every second or two writes once in 15 s
 * instead of once a round (this write is a transaction of its own: at 1 s it was a quarter of bench:games'
 * commits).
 */
export const ACTIVITY_WRITE_EVERY_MS = 15_000;
const lastWrites = new WeakMap<TExecutor, Map<number, number>>();
/** At most this many players remembered per process; the oldest are forgotten first (they only write again). */
const MAX_REMEMBERED = 100_000;

const wroteJustNow = (db: TExecutor, playerId: number, at: number) => {
  let writes = lastWrites.get(db);
  if (!writes) {
    writes = new Map();
    lastWrites.set(db, writes);
  }
  const last = writes.get(playerId);
  if (last !== undefined && at >= last && at - last < ACTIVITY_WRITE_EVERY_MS) return true;
  writes.delete(playerId);
  writes.set(playerId, at);
  if (writes.size > MAX_REMEMBERED) writes.delete(writes.keys().next().value as number);
  return false;
};

/**
 * Extends the player's latest stretch when it was seen at most IDLE_GAP_MS ago, else starts a new one (a clock
 * behind the stretch changes nothing): one statement.
 */
export const recordActivity = async (db: TExecutor, playerId: number, now: Date) => {
  if (wroteJustNow(db, playerId, now.getTime())) return;
  await db.execute(sql`
    with last as (
      select id, last_seen_at from rg_activity where player_id = ${playerId} order by started_at desc, id desc limit 1
    ), extended as (
      update rg_activity a set last_seen_at = ${now}
        from last where a.id = last.id and last.last_seen_at < ${now}
          and ${now}::timestamptz - last.last_seen_at <= ${`${IDLE_GAP_MS} milliseconds`}::interval
      returning 1
    )
    insert into rg_activity (player_id, started_at, last_seen_at)
      select ${playerId}, ${now}, ${now}
       where not exists (select 1 from last
                          where ${now}::timestamptz - last.last_seen_at <= ${`${IDLE_GAP_MS} milliseconds`}::interval)`);
};

/**
 * Seconds of signed-in activity after `since`. A player's stretches follow one another (a new one starts after the
 * latest was last seen), so those that end after `since` are the last one started by then and the ones after it:
 * found by the index on (player_id, started_at), which the extensions' update does not touch (migration 1220).
 */
export const activeSecondsSince = async (db: TExecutor, playerId: number, since: Date) => {
  const [row] = await queryRows<{ seconds: unknown }>(
    db,
    sql`select coalesce(sum(extract(epoch from (last_seen_at - greatest(started_at, ${since}::timestamptz)))), 0)::bigint::text
          as seconds
        from rg_activity
        where player_id = ${playerId} and last_seen_at > ${since}
          and started_at >= coalesce((select max(started_at) from rg_activity
                                      where player_id = ${playerId} and started_at <= ${since}), '-infinity')`,
  );
  return Number(row?.seconds ?? 0);
};
