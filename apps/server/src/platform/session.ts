/**
 * Sessions: a random token in an HttpOnly cookie; only its SHA-256 is stored. Rotated at login (the old one is
 * deleted), expiring, killed at logout. Resolves `request.player` for every request.
 */
import { createHash } from 'node:crypto';
import { and, eq, gt, lt, ne, sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  type PgColumn,
  type PgTable,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TConfig } from './config.ts';
import type { TDatabase, TDb } from './db/database.ts';
import { isSecureRequest } from './http/secure-request.ts';
import type { TProviders } from './providers.ts';
import { forgetPlayerSessions, SessionCache } from './session-cache.ts';

export const sessions = pgTable('sessions', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  tokenHash: text('token_hash').notNull().unique(),
  playerId: bigint('player_id', { mode: 'number' }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  ip: text('ip'),
  userAgent: text('user_agent'),
});

export const SESSION_COOKIE = 'sid';
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * The signed-in player as a session resolves it: the players module owns its table and completes this type
 * (modules/players/session-player.ts), and app.ts hands the table in, so the platform imports no module.
 */
export interface TSessionPlayer {
  id: number;
}
/** The table a session's player is read from (joined on its id). */
export interface TSessionPlayerTable {
  table: PgTable;
  id: PgColumn;
}

export interface TSessionService {
  start(playerId: number, request: FastifyRequest, reply: FastifyReply): Promise<void>;
  end(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** Ends every session of a player but the current one (after a password change). */
  endOthers(playerId: number, request: FastifyRequest): Promise<void>;
  endAll(playerId: number): Promise<void>;
  resolve(request: FastifyRequest): Promise<{ player: TSessionPlayer; sessionId: number } | null>;
  /** Stops listening for the changes the cache of resolved sessions follows. */
  close(): Promise<void>;
}

/** Whether resolved sessions are kept in memory (session-cache.ts): `auto` keeps them except in tests. */
export const isSessionCacheOn = (config: TConfig) =>
  config.SESSION_CACHE === 'auto' ? config.NODE_ENV !== 'test' : config.SESSION_CACHE === '1';

export const createSessionService = (
  database: Pick<TDatabase, 'db' | 'listen'>,
  config: TConfig,
  providers: TProviders,
  players: TSessionPlayerTable,
): TSessionService => {
  const { db } = database;
  const ttlMs = config.SESSION_TTL_HOURS * 3600_000;
  const cache = isSessionCacheOn(config) ? new SessionCache<TSessionPlayer>() : null;
  cache?.listen(database);

  const cookieOptions = (request: FastifyRequest) => {
    const secure = isSecureRequest(request, config);
    // Inside the embedding frame the cookie must be sent cross-site: SameSite=None needs Secure.
    const framed = secure && '_non_strict' in ((request.query ?? {}) as object);
    return { path: '/', httpOnly: true, secure, sameSite: framed ? ('none' as const) : ('lax' as const) };
  };

  // Every request resolves its session: the query is built once (building it cost more of the server's CPU than
  // anything else in a games.play round) and, on PostgreSQL, prepared once per connection.
  const resolveQuery = db
    .select({
      player: players.table,
      sessionId: sessions.id,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(players.table, eq(players.id, sessions.playerId))
    .where(
      and(eq(sessions.tokenHash, sql.placeholder('hash')), gt(sessions.expiresAt, sql.placeholder('now'))),
    )
    .limit(1)
    .prepare('session_resolve');

  const currentHash = (request: FastifyRequest) => {
    const token = request.cookies[SESSION_COOKIE];
    return token ? hashToken(token) : null;
  };

  return {
    async start(playerId, request, reply) {
      const old = currentHash(request);
      if (old) await db.delete(sessions).where(eq(sessions.tokenHash, old));
      forgetPlayerSessions(playerId);
      const token = providers.random.bytes(32).toString('base64url');
      const now = providers.clock.now();
      await db.insert(sessions).values({
        tokenHash: hashToken(token),
        playerId,
        createdAt: now,
        lastSeenAt: now,
        expiresAt: new Date(now.getTime() + ttlMs),
        ip: request.ip,
        userAgent: String(request.headers['user-agent'] ?? '').slice(0, 300),
      });
      reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions(request), maxAge: Math.floor(ttlMs / 1000) });
    },
    async end(request, reply) {
      const hash = currentHash(request);
      if (hash) await db.delete(sessions).where(eq(sessions.tokenHash, hash));
      if (request.player) forgetPlayerSessions(request.player.id);
      reply.clearCookie(SESSION_COOKIE, cookieOptions(request));
    },
    async endOthers(playerId, request) {
      const hash = currentHash(request) ?? '';
      await db.delete(sessions).where(and(eq(sessions.playerId, playerId), ne(sessions.tokenHash, hash)));
      forgetPlayerSessions(playerId);
    },
    async endAll(playerId) {
      await db.delete(sessions).where(eq(sessions.playerId, playerId));
      forgetPlayerSessions(playerId);
    },
    async resolve(request) {
      const hash = currentHash(request);
      if (!hash) return null;
      const now = providers.clock.now();
      let found = cache?.get(hash, now) ?? null;
      if (!found) {
        const generation = cache?.generation ?? 0;
        const row = (await resolveQuery.execute({ hash, now: now.toISOString() }))[0];
        if (!row) return null;
        // Shared by every request of the session while kept: frozen, so no handler can change it for the others.
        found = { ...row, player: Object.freeze(row.player) as unknown as TSessionPlayer };
        cache?.set(hash, found, generation, now);
      }
      if (now.getTime() - found.lastSeenAt.getTime() > 60_000) {
        await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, found.sessionId));
        found.lastSeenAt = now;
      }
      return { player: found.player, sessionId: found.sessionId };
    },
    close: async () => {
      await cache?.close();
    },
  };
};

/** Deletes expired sessions; run by the jobs timer. */
export const purgeExpiredSessions = (db: TDb, now: Date) =>
  db.delete(sessions).where(lt(sessions.expiresAt, now));
export const countSessions = async (db: TDb, playerId: number) =>
  (
    await db.select({ n: sql<number>`count(*)::int` }).from(sessions).where(eq(sessions.playerId, playerId))
  )[0]?.n ?? 0;
