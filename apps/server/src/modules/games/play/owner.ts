/** Who plays: a signed-in player, or a visitor known by the `vid` cookie (platform/visitor.ts). */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TAppContext } from '../../../platform/context.ts';
import { ensureVisitorKey, visitorKeyOf } from '../../../platform/visitor.ts';

export type TOwner =
  | { kind: 'player'; playerId: number; currency: string; name: string }
  | { kind: 'visitor'; visitor: string; currency: string };

/** The request's owner; a visitor without the cookie gets one when `reply` is given (else null). */
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
  const visitor = reply ? ensureVisitorKey(ctx, request, reply) : visitorKeyOf(request);
  return visitor ? { kind: 'visitor', visitor, currency: 'USD' } : null;
};

/** SQL-ready owner columns. */
export const ownerColumns = (owner: TOwner) =>
  owner.kind === 'player'
    ? { playerId: owner.playerId, visitor: null }
    : { playerId: null, visitor: owner.visitor };
