/**
 * Operator sessions, apart from the players' ones: cookie `bo_sid` on path /admin only, HttpOnly,
 * SameSite=Strict, Secure behind https. Only the token's SHA-256 is stored. A session is idle-limited (30
 * minutes, renewed by use) and capped at 12 hours; the half-way stages (password given, code not yet) last 10
 * minutes. Each session carries a CSRF token that every form posts back.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TAppContext } from '../../platform/context.ts';
import { isSecureRequest } from '../../platform/http/secure-request.ts';
import { operatorSessions, operators, type TOperator, type TOperatorSession } from './schema.ts';

const OPERATOR_COOKIE = 'bo_sid';
const ADMIN_PATH = '/admin';
const IDLE_MS = 30 * 60_000;
const ABSOLUTE_MS = 12 * 3600_000;
const PENDING_MS = 10 * 60_000;

type TStage = TOperatorSession['stage'];

const sqlIncrement = sql`${operatorSessions.totpFailures} + 1`;
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface TResolvedOperator {
  operator: TOperator;
  session: TOperatorSession;
}

export const createOperatorSessions = (ctx: TAppContext) => {
  const cookieOptions = (request: FastifyRequest) => ({
    path: ADMIN_PATH,
    httpOnly: true,
    secure: isSecureRequest(request, ctx.config),
    sameSite: 'strict' as const,
  });
  const now = () => ctx.providers.clock.now();
  const tokenOf = (request: FastifyRequest) => request.cookies[OPERATOR_COOKIE];

  const remove = async (request: FastifyRequest) => {
    const token = tokenOf(request);
    if (token) await ctx.db.delete(operatorSessions).where(eq(operatorSessions.tokenHash, hashToken(token)));
  };

  return {
    /** A new session (any earlier one of this browser is dropped: the token rotates at every stage). */
    async start(operatorId: number, stage: TStage, request: FastifyRequest, reply: FastifyReply) {
      await remove(request);
      const token = ctx.providers.random.bytes(32).toString('base64url');
      const at = now();
      const ttl = stage === 'full' ? IDLE_MS : PENDING_MS;
      await ctx.db.insert(operatorSessions).values({
        tokenHash: hashToken(token),
        operatorId,
        stage,
        csrfToken: ctx.providers.random.bytes(24).toString('base64url'),
        createdAt: at,
        lastSeenAt: at,
        expiresAt: new Date(at.getTime() + ttl),
        ip: request.ip,
        userAgent: String(request.headers['user-agent'] ?? '').slice(0, 300),
      });
      // A session cookie (no max-age): it also ends when the browser closes.
      reply.setCookie(OPERATOR_COOKIE, token, cookieOptions(request));
    },

    async end(request: FastifyRequest, reply: FastifyReply) {
      await remove(request);
      reply.clearCookie(OPERATOR_COOKIE, cookieOptions(request));
    },

    async endAllOf(operatorId: number) {
      await ctx.db.delete(operatorSessions).where(eq(operatorSessions.operatorId, operatorId));
    },

    /** The operator and session of this request, or null; renews the idle expiry of a full session. */
    async resolve(request: FastifyRequest): Promise<TResolvedOperator | null> {
      const token = tokenOf(request);
      if (!token) return null;
      const at = now();
      const [row] = await ctx.db
        .select({ operator: operators, session: operatorSessions })
        .from(operatorSessions)
        .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
        .where(and(eq(operatorSessions.tokenHash, hashToken(token)), gt(operatorSessions.expiresAt, at)))
        .limit(1);
      if (row?.operator.status !== 'active') return null;
      if (row.session.stage === 'full') {
        const cap = row.session.createdAt.getTime() + ABSOLUTE_MS;
        const expiresAt = new Date(Math.min(at.getTime() + IDLE_MS, cap));
        if (expiresAt.getTime() - row.session.expiresAt.getTime() > 60_000) {
          await ctx.db
            .update(operatorSessions)
            .set({ expiresAt, lastSeenAt: at })
            .where(eq(operatorSessions.id, row.session.id));
          row.session.expiresAt = expiresAt;
        }
      }
      return row;
    },

    async countFailure(sessionId: number) {
      const [row] = await ctx.db
        .update(operatorSessions)
        .set({ totpFailures: sqlIncrement })
        .where(eq(operatorSessions.id, sessionId))
        .returning({ failures: operatorSessions.totpFailures });
      return row?.failures ?? 0;
    },

    purgeExpired: () => ctx.db.delete(operatorSessions).where(lt(operatorSessions.expiresAt, now())),
  };
};

export type TOperatorSessions = ReturnType<typeof createOperatorSessions>;

/** Constant-time comparison of the posted CSRF token with the session's. */
export const csrfMatches = (session: TOperatorSession, posted: unknown) => {
  if (typeof posted !== 'string') return false;
  const a = Buffer.from(session.csrfToken);
  const b = Buffer.from(posted);
  return a.length === b.length && timingSafeEqual(a, b);
};
