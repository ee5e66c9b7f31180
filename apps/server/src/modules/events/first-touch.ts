/**
 * The first touch: what brought a browser here the first time (referrer, landing path, tracking params,
 * first-seen time), remembered from its first `/hit` under the visitor cookie and never overwritten, then
 * copied onto the player it registers. Only what the spec's beacon carries is kept, and the referrer loses its
 * query and fragment (a search or a mail link may carry personal data there).
 */
import { eq, lt } from 'drizzle-orm';
import type { TDb } from '../../platform/db/database.ts';
import type { parseHitQuery } from './record-events.ts';
import { playerFirstTouches, visitorFirstTouches } from './schema.ts';

const MAX_URL = 512;

/** The referrer's origin and path, or null when it is not an http(s) address. */
export const firstTouchReferer = (referer: string | null) => {
  if (!referer) return null;
  try {
    const url = new URL(referer);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return `${url.origin}${url.pathname}`.slice(0, MAX_URL);
  } catch {
    return null;
  }
};

/** The landing page's path alone (no query, no fragment), or null when it is not a path of this site. */
export const landingPathOf = (landing: string | null) => {
  if (!landing?.startsWith('/') || landing.startsWith('//')) return null;
  const path = landing.split(/[?#]/, 1)[0] ?? '';
  return path.slice(0, MAX_URL);
};

/** Remembers the visitor's first touch; a later hit of the same visitor changes nothing. */
export const rememberFirstTouch = async (
  db: TDb,
  input: { visitor: string; hit: ReturnType<typeof parseHitQuery>; now: Date },
) => {
  await db
    .insert(visitorFirstTouches)
    .values({
      visitor: input.visitor,
      // not the request's Referer header: for the beacon that is our own page, not where the visitor came from
      referer: firstTouchReferer(input.hit.referer),
      landingPath: landingPathOf(input.hit.landing),
      params: input.hit.params,
      firstSeenAt: input.now,
    })
    .onConflictDoNothing();
};

/** Copies the visitor's first touch onto the new player (once: a player keeps the first one it got). */
export const attachFirstTouch = async (db: TDb, input: { visitor: string; playerId: number; now: Date }) => {
  const [touch] = await db
    .select()
    .from(visitorFirstTouches)
    .where(eq(visitorFirstTouches.visitor, input.visitor))
    .limit(1);
  if (!touch) return false;
  const inserted = await db
    .insert(playerFirstTouches)
    .values({
      playerId: input.playerId,
      referer: touch.referer,
      landingPath: touch.landingPath,
      params: touch.params,
      firstSeenAt: touch.firstSeenAt,
      registeredAt: input.now,
    })
    .onConflictDoNothing()
    .returning({ playerId: playerFirstTouches.playerId });
  return inserted.length > 0;
};

/** How long a visitor's first touch waits for a registration: a usual attribution window. */
export const VISITOR_FIRST_TOUCH_DAYS = 90;

/** Forgets visitors' first touches older than the window (a player's own copy stays); answers how many. */
export const forgetOldFirstTouches = async (db: TDb, now: Date) => {
  const before = new Date(now.getTime() - VISITOR_FIRST_TOUCH_DAYS * 86_400_000);
  const gone = await db
    .delete(visitorFirstTouches)
    .where(lt(visitorFirstTouches.firstSeenAt, before))
    .returning({ visitor: visitorFirstTouches.visitor });
  return gone.length;
};

export type TPlayerFirstTouch = typeof playerFirstTouches.$inferSelect;

/** The player's sign-up source, or null when the player registered without a recorded first touch. */
export const firstTouchOf = async (db: TDb, playerId: number): Promise<TPlayerFirstTouch | null> =>
  (await db.select().from(playerFirstTouches).where(eq(playerFirstTouches.playerId, playerId)).limit(1))[0] ??
  null;
