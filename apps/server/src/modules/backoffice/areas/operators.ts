/** Operators and roles (admin only): change a role, disable or enable an operator. */
import { listOperators, setOperatorRole, setOperatorStatus } from '../operator-admin.ts';
import { field, idParam, type TRouteArea } from '../route-kit.ts';
import { operatorsBody } from '../ui/operators-page.ts';

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
