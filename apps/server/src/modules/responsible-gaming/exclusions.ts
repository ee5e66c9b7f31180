/**
 * Time-outs and self-exclusion. While one is in force the player cannot sign in, deposit, play or get
 * marketing. A new exclusion never shortens one in force; there is no call that lifts one, and the database
 * refuses to change or delete a permanent one. A self-exclusion also unsubscribes the player from every mailing:
 * when it ends, marketing mail resumes only if the player subscribes again (a time-out only pauses it).
 */
import type { TSelfExclusionPeriod, TTimeOutPeriod } from '@casino/contracts/calls/responsible-gaming';
import { sql } from 'drizzle-orm';
import type { TAppContext } from '../../platform/context.ts';
import type { TExecutor } from '../../platform/db/database.ts';
import { queryRows } from '../../platform/db/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { findPlayerById, unsubscribeAllContacts } from '../players/index.ts';
import { exclusionEnd } from './periods.ts';

export type TExclusionType = 'time_out' | 'self_exclusion';

export interface TExclusion {
  type: TExclusionType;
  period: string;
  /** null: permanent. */
  until: Date | null;
}

export interface TExclusionRow {
  type: TExclusionType;
  period: string;
  ends_at: string | Date | null;
}

/** The exclusion in force at `now` as a query: a permanent one first, else the one that ends last. */
export const activeExclusionQuery = (playerId: number, now: Date) =>
  sql`select type, period, ends_at from rg_exclusions
      where player_id = ${playerId} and (ends_at is null or ends_at > ${now})
      order by ends_at desc nulls first limit 1`;

/** The players with a time-out or self-exclusion in force at `now`, as a sub-select (set-based marketing runs). */
export const excludedPlayersQuery = (now: Date) =>
  sql`select x.player_id from rg_exclusions x where x.ends_at is null or x.ends_at > ${now}`;

/** The exclusion a row of activeExclusionQuery describes (none when the row is missing or empty). */
export const exclusionOf = (row: TExclusionRow | { type: null } | undefined): TExclusion | null => {
  if (!row || row.type === null) return null;
  return { type: row.type, period: row.period, until: row.ends_at === null ? null : new Date(row.ends_at) };
};

/** The exclusion in force at `now`: a permanent one first, else the one that ends last. */
export const activeExclusion = async (
  db: TExecutor,
  playerId: number,
  now: Date,
): Promise<TExclusion | null> =>
  exclusionOf((await queryRows<TExclusionRow>(db, activeExclusionQuery(playerId, now)))[0]);

export const exclusionView = (exclusion: TExclusion) => ({
  type: exclusion.type,
  period: exclusion.period,
  until: exclusion.until === null ? null : Math.floor(exclusion.until.getTime() / 1000),
  is_permanent: exclusion.until === null,
});

export const exclusionError = (exclusion: TExclusion) =>
  new AppError('AccessDeniedException', {
    reason: 'self_excluded',
    type: exclusion.type,
    until: exclusion.until === null ? null : Math.floor(exclusion.until.getTime() / 1000),
    is_permanent: exclusion.until === null,
  });

/** Refuses sign-in, deposits and plays while an exclusion is in force. */
export const assertNotExcluded = async (db: TExecutor, playerId: number, now: Date) => {
  const exclusion = await activeExclusion(db, playerId, now);
  if (exclusion) throw exclusionError(exclusion);
};

/**
 * Starts a time-out or self-exclusion and ends every session of the player. When one already in force lasts
 * longer, the new one is recorded but changes nothing: the answer is the exclusion in force.
 */
export const startExclusion = async (
  ctx: TAppContext,
  playerId: number,
  type: TExclusionType,
  period: TTimeOutPeriod | TSelfExclusionPeriod,
): Promise<TExclusion> => {
  const now = ctx.providers.clock.now();
  const endsAt = exclusionEnd(period, now);
  await ctx.db.execute(
    sql`insert into rg_exclusions (player_id, type, period, starts_at, ends_at, created_at)
        values (${playerId}, ${type}, ${period}, ${now}, ${endsAt}, ${now})`,
  );
  if (type === 'self_exclusion') await unsubscribeAllContacts(ctx.db, playerId);
  await ctx.sessions.endAll(playerId);
  const active = await activeExclusion(ctx.db, playerId, now);
  if (!active) throw new Error('exclusion not in force right after it was recorded');
  return active;
};

/**
 * May we send this player marketing (promotions, bonuses, newsletters)? Not while excluded or timed out, nor
 * when the player unsubscribed. Every marketing sender asks this before each message.
 */
export const canReceiveMarketing = async (db: TExecutor, playerId: number, now: Date) => {
  const player = await findPlayerById(db, playerId);
  if (player?.status !== 'active' || !player.isSubscribed) return false;
  return (await activeExclusion(db, playerId, now)) === null;
};
