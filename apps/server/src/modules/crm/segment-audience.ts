/**
 * The crm's saved segments as audiences (ADR 068): what a deposit offer, a popup or a bonus template targeted at a
 * segment asks when a player meets it. A player is tested against every asked segment in one statement, each
 * segment's filter (the list's own conditions, player-list.ts) bound to the player's id, so every test is an index
 * lookup by player, never a listing of the segment. The definitions (and a search text's hits) are kept 10 s.
 * Only shared segments are audiences: an operator's own may vanish with them.
 */
import { and, asc, inArray, isNull, sql } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/database.ts';
import { queryRows } from '../ledger/index.ts';
import { searchPlayers, type TAudienceSource } from '../players/index.ts';
import { filterQueryOf, parseFilter, type TPlayerFilter } from './player-filter.ts';
import { conditions, whereOf } from './player-list.ts';
import { crmSegments } from './schema.ts';

const TTL_MS = 10_000;
const MAX_CACHED = 1000;

interface TCachedSegment {
  filter: TPlayerFilter | null;
  /** The search text's hits (the list narrows by them too), or null without a text. */
  searchIds: number[] | null;
  readAt: number;
}

/** The segments' filters, read at most every 10 s (a missing or private segment: null, matching nobody). */
const definitions = async (
  cache: Map<number, TCachedSegment>,
  db: TExecutor,
  ids: readonly number[],
  now: Date,
) => {
  const at = now.getTime();
  const stale = ids.filter((id) => {
    const cached = cache.get(id);
    return !cached || at - cached.readAt >= TTL_MS || at < cached.readAt;
  });
  if (stale.length > 0) {
    const rows = await db
      .select({ id: crmSegments.id, filter: crmSegments.filter })
      .from(crmSegments)
      .where(and(inArray(crmSegments.id, [...stale]), isNull(crmSegments.ownerId)));
    if (cache.size + stale.length > MAX_CACHED) cache.clear();
    for (const id of stale) {
      const row = rows.find((r) => r.id === id);
      const filter = row ? parseFilter(filterQueryOf(row.filter)).filter : null;
      const searchIds = filter?.q ? (await searchPlayers(db, filter.q)).map((hit) => hit.id) : null;
      cache.set(id, { filter, searchIds, readAt: at });
    }
  }
  return ids.map((id) => ({ id, ...(cache.get(id) as TCachedSegment) }));
};

const segmentMembersOf = async (
  cache: Map<number, TCachedSegment>,
  db: TExecutor,
  playerId: number,
  segmentIds: readonly number[],
  now: Date,
): Promise<Set<number>> => {
  const tests = (await definitions(cache, db, segmentIds, now))
    .filter((s) => s.filter !== null)
    .map(({ id, filter, searchIds }) => {
      const parts = conditions(filter as TPlayerFilter, now, searchIds);
      // The money conditions read `m`: the player's own totals row, joined by the player's id.
      return sql`select ${id}::bigint as id where exists (
        select 1 from players_directory_v p left join cashier_player_totals_v m on m.player_id = p.id
         ${whereOf([sql`p.id = ${playerId}`, ...parts])})`;
    });
  if (tests.length === 0) return new Set();
  const rows = await queryRows<{ id: unknown }>(db, sql.join(tests, sql` union all `));
  return new Set(rows.map((r) => Number(r.id)));
};

/** The shared segments, by name (the audiences an operator may target). */
export const sharedSegments = (db: TExecutor) =>
  db
    .select({ id: crmSegments.id, name: crmSegments.name })
    .from(crmSegments)
    .where(isNull(crmSegments.ownerId))
    .orderBy(asc(crmSegments.name));

/** The audience source the crm registers at start: its cache is the app's own. */
export const segmentAudience = (): TAudienceSource => {
  const cache = new Map<number, TCachedSegment>();
  return {
    membersOf: (db, playerId, ids, now) => segmentMembersOf(cache, db, playerId, ids, now),
    choices: sharedSegments,
  };
};
