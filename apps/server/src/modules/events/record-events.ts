/** Stores client analytics events and /hit beacon visits. */
import type { TDb } from '../../platform/db/database.ts';
import { beaconHits, trackedEvents } from './schema.ts';

export const recordEvent = async (
  db: TDb,
  input: { playerId: number | null; name: string; params: Record<string, unknown>; ip: string; now: Date },
) => {
  await db.insert(trackedEvents).values({
    playerId: input.playerId,
    name: input.name,
    params: input.params,
    ip: input.ip,
    createdAt: input.now,
  });
};

const MAX_PARAMS = 30;
const MAX_VALUE = 512;
const clip = (value: string, max = MAX_VALUE) => (value.length > max ? value.slice(0, max) : value);

const OWN_COLUMNS = new Set(['referer', 'seon_session', 'landing', 'v', 'locale']);

/**
 * The beacon's query: referer and seon_session get their own columns; every other param (utm_*, click ids…)
 * is kept as text, bounded in count and length so a crafted URL cannot bloat the table.
 */
export const parseHitQuery = (query: Record<string, unknown>) => {
  const text = (v: unknown) => (Array.isArray(v) ? String(v[0] ?? '') : v === undefined ? '' : String(v));
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) {
    if (OWN_COLUMNS.has(key)) continue;
    if (Object.keys(params).length >= MAX_PARAMS || !/^[A-Za-z0-9_.-]{1,64}$/.test(key)) continue;
    params[key] = clip(text(value));
  }
  const referer = clip(text(query.referer), 2048);
  const seonSession = clip(text(query.seon_session), 4096);
  const landing = clip(text(query.landing), 2048);
  return { referer: referer || null, seonSession: seonSession || null, landing: landing || null, params };
};

export const recordHit = async (
  db: TDb,
  input: ReturnType<typeof parseHitQuery> & {
    playerId: number | null;
    ip: string;
    userAgent: string | null;
    refererHeader: string | null;
    now: Date;
  },
) => {
  await db.insert(beaconHits).values({
    playerId: input.playerId,
    referer: input.referer ?? (input.refererHeader ? clip(input.refererHeader, 2048) : null),
    params: input.params,
    seonSession: input.seonSession,
    ip: input.ip,
    userAgent: input.userAgent ? clip(input.userAgent) : null,
    createdAt: input.now,
  });
};
