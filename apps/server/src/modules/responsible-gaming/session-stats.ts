/**
 * The reality check and the header timer: how long this sign-in has lasted and what was staked and won with
 * real money since it began; the next reality check falls every N minutes counted from the sign-in.
 */
import { toMajor } from '@casino/contracts';
import { eq } from 'drizzle-orm';
import type { TDb } from '../../platform/db/database.ts';
import { sessions } from '../../platform/session.ts';
import { playTotalsSince } from '../ledger/index.ts';
import type { TPlayer } from '../players/index.ts';
import { isFeatureEnabled } from './feature-flags.ts';
import { readRealityCheck } from './settings.ts';

export const sessionStats = async (db: TDb, player: TPlayer, sessionId: number | null, now: Date) => {
  const [session] = sessionId
    ? await db.select({ createdAt: sessions.createdAt }).from(sessions).where(eq(sessions.id, sessionId))
    : [];
  const started = session?.createdAt ?? now;
  const seconds = Math.max(0, Math.floor((now.getTime() - started.getTime()) / 1000));
  const totals = await playTotalsSince(db, player.id, new Date(started.getTime() - 1));
  const minutes = await readRealityCheck(db, player.id);
  let next: number | null = null;
  if (minutes > 0) {
    const every = minutes * 60;
    next = Math.floor(started.getTime() / 1000) + (Math.floor(seconds / every) + 1) * every;
  }
  return {
    session_started_at: Math.floor(started.getTime() / 1000),
    session_seconds: seconds,
    staked: toMajor(totals.staked),
    won: toMajor(totals.won),
    net: toMajor(totals.won - totals.staked),
    currency: player.currency,
    reality_check_minutes: minutes,
    next_reality_check_at: next,
    show_session_stats_in_header: await isFeatureEnabled(db, 'isSessionStatsInHeaderEnable'),
  };
};
