/**
 * Editors are back-office operators whose role may edit content (`content.edit`: the content editor and the admin).
 * Their user object as Strapi's users-permissions answers it, their tokens, and the bearer of a request.
 */
import type { FastifyRequest } from 'fastify';
import type { TAppContext } from '../../platform/context.ts';
import type { TOperator } from '../backoffice/index.ts';
import { can, findOperatorById } from '../backoffice/index.ts';
import { signContentToken, verifyContentToken } from './content-token.ts';
import { unauthorizedError } from './strapi-errors.ts';

export const mayEditContent = (operator: TOperator) =>
  operator.status === 'active' && can(operator.role, 'content.edit');

/** Strapi's user fields; the role as `{ type, name }` (operators have no username: their name, else e-mail). */
export const editorUser = (operator: TOperator) => ({
  id: operator.id,
  username: operator.name || operator.email,
  email: operator.email,
  provider: 'local',
  confirmed: true,
  blocked: operator.status !== 'active',
  role: { type: operator.role },
  createdAt: operator.createdAt.toISOString(),
  updatedAt: (operator.lastLoginAt ?? operator.createdAt).toISOString(),
});

export const issueContentToken = (ctx: TAppContext, operator: TOperator) =>
  signContentToken(
    ctx.config.CONTENT_JWT_SECRET,
    { id: operator.id, ver: operator.tokenVersion },
    ctx.providers.clock.now(),
    ctx.config.CONTENT_JWT_TTL_MINUTES * 60,
  );

/** `{ jwt, user }`, as /auth/local answers. */
export const signedInAnswer = (ctx: TAppContext, operator: TOperator) => ({
  jwt: issueContentToken(ctx, operator),
  user: editorUser(operator),
});

/**
 * The editor the request's `Authorization: Bearer <jwt>` names: a valid, unexpired token of the operator's current
 * token version (a password change bumps it), the operator active and still allowed to edit content.
 */
export const bearerEditor = async (ctx: TAppContext, request: FastifyRequest): Promise<TOperator> => {
  const match = /^Bearer\s+(\S+)$/i.exec(String(request.headers.authorization ?? ''));
  const claims = match?.[1]
    ? verifyContentToken(ctx.config.CONTENT_JWT_SECRET, match[1], ctx.providers.clock.now())
    : null;
  const operator = claims ? await findOperatorById(ctx.db, claims.id) : undefined;
  if (!claims || !operator || operator.tokenVersion !== claims.ver || !mayEditContent(operator))
    throw unauthorizedError();
  return operator;
};
