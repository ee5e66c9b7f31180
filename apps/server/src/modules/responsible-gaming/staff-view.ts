/**
 * Responsible gaming as staff see it (issue 40): the owner's reads for the back-office's player page and lists —
 * the exclusion in force for many players at once, a player's limits, reality check, exclusions and history — and
 * its history (written by history.ts).
 */
import { and, desc, eq, gt, inArray, isNull, or } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/database.ts';
import type { TExclusion } from './exclusions.ts';
import { activeExclusion } from './exclusions.ts';
import type { TRgHistoryKind } from './history.ts';
import { rgExclusions, rgHistory } from './schema.ts';
import { lossLimitView, readRealityCheck, sessionLimitView } from './settings.ts';

/** The time-out or self-exclusion in force at `now` for each of `playerIds` that has one (one query). */
export const rgStatusOf = async (
  db: TExecutor,
  playerIds: number[],
  now: Date,
): Promise<Map<number, TExclusion>> => {
  const status = new Map<number, TExclusion>();
  if (playerIds.length === 0) return status;
  const rows = await db
    .select({
      playerId: rgExclusions.playerId,
      type: rgExclusions.type,
      period: rgExclusions.period,
      endsAt: rgExclusions.endsAt,
    })
    .from(rgExclusions)
    .where(
      and(
        inArray(rgExclusions.playerId, [...new Set(playerIds)]),
        or(isNull(rgExclusions.endsAt), gt(rgExclusions.endsAt, now)),
      ),
    );
  // As activeExclusion: a permanent one first, else the one that ends last; a self-exclusion before a time-out.
  for (const row of rows) {
    const seen = status.get(row.playerId);
    const candidate: TExclusion = { type: row.type, period: row.period, until: row.endsAt };
    const later =
      !seen ||
      (seen.until !== null &&
        (row.endsAt === null ||
          row.endsAt > seen.until ||
          (row.endsAt.getTime() === seen.until.getTime() && row.type === 'self_exclusion')));
    if (later) status.set(row.playerId, candidate);
  }
  return status;
};

export interface TRgExclusionRow {
  type: 'time_out' | 'self_exclusion';
  period: string;
  startsAt: Date;
  endsAt: Date | null;
}

export interface TRgHistoryRow {
  kind: TRgHistoryKind;
  detail: Record<string, unknown>;
  at: Date;
}

/** Everything staff see of a player's responsible gaming, read by its owner. */
export const rgStaffView = async (db: TExecutor, playerId: number, now: Date) => {
  const [exclusion, loss, session, realityCheckMinutes, exclusions, history] = await Promise.all([
    activeExclusion(db, playerId, now),
    lossLimitView(db, playerId, now),
    sessionLimitView(db, playerId, now),
    readRealityCheck(db, playerId),
    db
      .select({
        type: rgExclusions.type,
        period: rgExclusions.period,
        startsAt: rgExclusions.startsAt,
        endsAt: rgExclusions.endsAt,
      })
      .from(rgExclusions)
      .where(eq(rgExclusions.playerId, playerId))
      .orderBy(desc(rgExclusions.startsAt), desc(rgExclusions.id))
      .limit(50),
    db
      .select({ kind: rgHistory.kind, detail: rgHistory.detail, at: rgHistory.at })
      .from(rgHistory)
      .where(eq(rgHistory.playerId, playerId))
      .orderBy(desc(rgHistory.at), desc(rgHistory.id))
      .limit(50),
  ]);
  return {
    exclusion,
    loss,
    session,
    realityCheckMinutes,
    exclusions: exclusions as TRgExclusionRow[],
    history: history as TRgHistoryRow[],
  };
};
export type TRgStaffView = Awaited<ReturnType<typeof rgStaffView>>;
