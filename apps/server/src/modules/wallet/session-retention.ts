/**
 * Ended game sessions are deleted after SESSION_RETENTION_MS: until then a provider's late win or rollback still
 * finds its session (they are accepted after expiry, sessions.ts), and a session row otherwise stays forever (one
 * per game opening). The money, rounds and transactions never reference a session, so nothing else goes.
 * A module whose sessions settle bets much later (the sportsbook: an outright is settled months after placement,
 * a settlement can be rolled back and paid again) keeps its game's sessions; it registers here, the wallet never
 * imports it.
 */
import { sql } from 'drizzle-orm';
import type { TAppContext } from '../../platform/context.ts';
import { queryRows, type TExecutor } from '../../platform/db/database.ts';
import { textArray } from '../ledger/index.ts';

export const SESSION_RETENTION_MS = 90 * 86_400_000;
/** Sessions deleted per statement: a long backlog goes in short transactions. */
const PURGE_BATCH = 5_000;
export const PURGE_SESSIONS_JOB = 'wallet.sessions.purge';

const keptGames = new Set<string>();

/** The sessions of `game` are never purged. */
export const keepSessionsOf = (game: string) => {
  keptGames.add(game);
};

/** Deletes the sessions ended more than SESSION_RETENTION_MS before `now`; answers how many. */
export const purgeEndedSessions = async (db: TExecutor, now: Date): Promise<number> => {
  const before = new Date(now.getTime() - SESSION_RETENTION_MS);
  const kept = textArray([...keptGames]);
  let purged = 0;
  for (;;) {
    const rows = await queryRows<{ token: string }>(
      db,
      sql`delete from wallet_sessions where token in (
            select token from wallet_sessions
             where expires_at < ${before} and game <> all (${kept}::text[])
             limit ${PURGE_BATCH})
          returning token`,
    );
    purged += rows.length;
    if (rows.length < PURGE_BATCH) return purged;
  }
};

/** The purge, once an hour across instances. */
export const scheduleSessionPurge = (ctx: Pick<TAppContext, 'db' | 'jobs' | 'providers'>) =>
  ctx.jobs.hourly(PURGE_SESSIONS_JOB, () => purgeEndedSessions(ctx.db, ctx.providers.clock.now()));
