/** The audit log with its filters. */
import { auditActions, auditTargetTypes, listAudit } from '../audit-log.ts';
import { isDay } from '../form-schema.ts';
import { pageOf, queryOf, type TRouteArea } from '../route-kit.ts';
import { auditBody, type TAuditQuery } from '../ui/audit-page.ts';

export const auditArea: TRouteArea = (admin, kit, ctx) => {
  // Audit log
  admin.get('/audit', async (request, reply) => {
    await kit.need(request, 'audit.read');
    const q = queryOf(request);
    const query: TAuditQuery = {
      operator: (q.operator ?? '').slice(0, 200),
      action: (q.action ?? '').slice(0, 100),
      target_type: (q.target_type ?? '').slice(0, 50),
      target_id: (q.target_id ?? '').slice(0, 100),
      // A malformed day (`2026-13-45`) is ignored like an empty one, never handed to the database.
      from: isDay(q.from ?? '') ? (q.from as string) : '',
      to: isDay(q.to ?? '') ? (q.to as string) : '',
    };
    const filter = {
      operator: query.operator || undefined,
      action: query.action || undefined,
      targetType: query.target_type || undefined,
      targetId: query.target_id || undefined,
      from: query.from ? new Date(`${query.from}T00:00:00Z`) : undefined,
      to: query.to ? new Date(new Date(`${query.to}T00:00:00Z`).getTime() + 86_400_000) : undefined,
    };
    const page = pageOf(request);
    const [result, actions, targetTypes] = await Promise.all([
      listAudit(ctx.db, filter, page),
      auditActions(ctx.db),
      auditTargetTypes(ctx.db),
    ]);
    return kit.render(
      request,
      reply,
      'Audit log',
      'audit',
      auditBody({ query, filter, actions, targetTypes, ...result, page }),
    );
  });
};
