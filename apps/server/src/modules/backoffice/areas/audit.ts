/** The audit log with its filters, and its export as CSV (the same filters, every entry, streamed). */
import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { auditActions, auditTargetTypes, eachAuditRow, listAudit, recordAudit } from '../audit-log.ts';
import { toCsv } from '../csv.ts';
import { isDay } from '../form-schema.ts';
import { pageOf, queryOf, type TRouteArea } from '../route-kit.ts';
import { auditBody, auditLines, type TAuditQuery } from '../ui/audit-page.ts';

/** The page's query, bounded, and the filter it asks for (a malformed day is ignored, never handed on). */
const filterOf = (request: FastifyRequest) => {
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
  return { query, filter };
};

const EXPORT_HEADER = [
  'time',
  'operator',
  'action',
  'target_type',
  'target_id',
  'before',
  'after',
  'reason',
  'ip',
];
/** A before or after value as the page writes it (money as money), its lines joined. */
const readable = (value: Record<string, unknown> | null) =>
  value && Object.keys(value).length ? auditLines(value).join('\n') : '';

export const auditArea: TRouteArea = (admin, kit, ctx) => {
  // Audit log
  admin.get('/audit', async (request, reply) => {
    await kit.need(request, 'audit.read');
    const { query, filter } = filterOf(request);
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

  admin.get('/audit/export.csv', async (request, reply) => {
    await kit.need(request, 'audit.read');
    const { query, filter } = filterOf(request);
    const now = ctx.providers.clock.now();
    // The export is itself an action on the record: who took which part of the log, when.
    await recordAudit(ctx.db, kit.actorOf(request), {
      action: 'audit.export',
      after: Object.fromEntries(Object.entries(query).filter(([, v]) => v)),
      at: now,
    });
    async function* chunks() {
      yield toCsv(EXPORT_HEADER, []);
      for await (const rows of eachAuditRow(ctx.db, filter)) {
        const [first, ...rest] = rows.map((r) => [
          r.at.toISOString(),
          r.operatorEmail,
          r.action,
          r.targetType ?? '',
          r.targetId ?? '',
          readable(r.before),
          readable(r.after),
          r.reason ?? '',
          r.ip ?? '',
        ]);
        if (first) yield toCsv(first, rest);
      }
    }
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="audit-${now.toISOString().slice(0, 10)}.csv"`)
      .send(Readable.from(chunks()));
  });
};
