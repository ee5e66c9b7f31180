/** Operators and roles (admin only): create one, change a role, disable or enable, reset a password or TOTP. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../../platform/http/app-error.ts';
import { flashCodeOf } from '../flash.ts';
import {
  createOperatorFromUi,
  listOperators,
  resetOperator,
  setOperatorRole,
  setOperatorStatus,
} from '../operator-admin.ts';
import { field, idParam, type TRouteArea } from '../route-kit.ts';
import { oneTimePasswordBody, operatorsBody } from '../ui/operators-page.ts';

export const operatorsArea: TRouteArea = (admin, kit, ctx) => {
  admin.get('/operators', async (request, reply) => {
    const operator = await kit.need(request, 'operators.manage');
    const rows = await listOperators(ctx);
    return kit.render(
      request,
      reply,
      'Operators',
      'operators',
      operatorsBody({ rows, selfId: operator.id, csrf: kit.csrfOf(request) }),
    );
  });
  /** Shows the outcome once (a new password is never put in a link); a refusal goes back with its flash. */
  const once = async (
    request: FastifyRequest,
    reply: FastifyReply,
    action: () => Promise<{ email: string; password: string | null; what: 'created' | 'password' | 'totp' }>,
  ) => {
    try {
      const shown = await action();
      return kit.render(request, reply, 'Operators', 'operators', oneTimePasswordBody(shown));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return reply.redirect(`/admin/operators?error=${flashCodeOf(error)}`, 303);
    }
  };
  admin.post('/operators', async (request, reply) => {
    await kit.need(request, 'operators.manage');
    return once(request, reply, async () => {
      const { operator, password } = await createOperatorFromUi(ctx, kit.actorOf(request), {
        email: field(request.body, 'email'),
        name: field(request.body, 'name').trim().slice(0, 100),
        role: field(request.body, 'role'),
      });
      return { email: operator.email, password, what: 'created' };
    });
  });
  for (const what of ['password', 'totp'] as const)
    admin.post(`/operators/:id/reset-${what}`, async (request, reply) => {
      await kit.need(request, 'operators.manage');
      const id = idParam(request);
      return once(request, reply, async () => {
        const { operator, password } = await resetOperator(ctx, kit.actorOf(request), id, what);
        return { email: operator.email, password, what };
      });
    });
  admin.post('/operators/:id/role', async (request, reply) => {
    await kit.need(request, 'operators.manage');
    const id = idParam(request);
    return kit.act(reply, '/admin/operators', 'role_changed', () =>
      setOperatorRole(ctx, kit.actorOf(request), id, field(request.body, 'role')),
    );
  });
  admin.post('/operators/:id/status', async (request, reply) => {
    await kit.need(request, 'operators.manage');
    const id = idParam(request);
    return kit.act(reply, '/admin/operators', 'operator_status', () =>
      setOperatorStatus(ctx, kit.actorOf(request), id, field(request.body, 'status')),
    );
  });
};
