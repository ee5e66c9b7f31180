/**
 * Who plays: a signed-in player, or a visitor known by the `vid` cookie (random, HttpOnly, one year). Only the
 * cookie's SHA-256 is stored, so the database never holds a value that would let someone act as the visitor.
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TAppContext } from '../../../platform/context.ts';

export type TOwner =
  | { kind: 'player'; playerId: number; currency: string; name: string }
  | { kind: 'visitor'; visitor: string; currency: string };

export const VISITOR_COOKIE = 'vid';
const VISITOR_COOKIE_MAX_AGE = 31_536_000;

export const visitorKey = (cookie: string) => createHash('sha256').update(`visitor:${cookie}`).digest('hex');

/** The request's owner; a visitor without the cookie gets one when `create` (else null). */
export const ownerOf = (
  ctx: TAppContext,
  request: FastifyRequest,
  reply: FastifyReply | null,
): TOwner | null => {
  const player = request.player;
  if (player)
    return {
      kind: 'player',
      playerId: player.id,
      currency: player.currency,
      name: player.fakename ?? player.login,
    };
  let cookie = request.cookies[VISITOR_COOKIE];
  if (!cookie || !/^[A-Za-z0-9_-]{32}$/.test(cookie)) {
    if (!reply) return null;
    cookie = ctx.providers.random.bytes(24).toString('base64url');
    reply.setCookie(VISITOR_COOKIE, cookie, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: ctx.config.PUBLIC_URL.startsWith('https://'),
      maxAge: VISITOR_COOKIE_MAX_AGE,
    });
    // the same request may read it again (e.g. a play right after the fairness lookup)
    request.cookies[VISITOR_COOKIE] = cookie;
  }
  return { kind: 'visitor', visitor: visitorKey(cookie), currency: 'USD' };
};

/** SQL-ready owner columns. */
export const ownerColumns = (owner: TOwner) =>
  owner.kind === 'player'
    ? { playerId: owner.playerId, visitor: null }
    : { playerId: null, visitor: owner.visitor };
