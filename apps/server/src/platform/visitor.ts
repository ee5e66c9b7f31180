/**
 * The visitor cookie `vid` (random, HttpOnly, one year): who a browser is before it signs in. Only the cookie's
 * SHA-256 is ever stored, so the database never holds a value that would let someone act as the visitor.
 * Demo play (games) and the first touch (events) both key on it.
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TAppContext } from './context.ts';
import { isSecureRequest } from './http/secure-request.ts';

export const VISITOR_COOKIE = 'vid';
const VISITOR_COOKIE_MAX_AGE = 31_536_000;

export const visitorKey = (cookie: string) => createHash('sha256').update(`visitor:${cookie}`).digest('hex');

const readCookie = (request: FastifyRequest) => {
  const cookie = request.cookies[VISITOR_COOKIE];
  return cookie && /^[A-Za-z0-9_-]{32}$/.test(cookie) ? cookie : null;
};

/** The stored key of the request's visitor cookie, or null when the browser has none (or a forged one). */
export const visitorKeyOf = (request: FastifyRequest) => {
  const cookie = readCookie(request);
  return cookie ? visitorKey(cookie) : null;
};

/** The visitor's key, setting a new cookie on `reply` when the browser has none. */
export const ensureVisitorKey = (ctx: TAppContext, request: FastifyRequest, reply: FastifyReply) => {
  let cookie = readCookie(request);
  if (!cookie) {
    cookie = ctx.providers.random.bytes(24).toString('base64url');
    reply.setCookie(VISITOR_COOKIE, cookie, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: isSecureRequest(request, ctx.config),
      maxAge: VISITOR_COOKIE_MAX_AGE,
    });
    // the same request may read it again (e.g. a play right after the fairness lookup)
    request.cookies[VISITOR_COOKIE] = cookie;
  }
  return visitorKey(cookie);
};
