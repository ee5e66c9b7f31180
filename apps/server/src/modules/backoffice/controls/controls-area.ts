/**
 * The approvals area (issue 40, ADR 064): the waiting and decided approvals, approve and reject, and the per-role
 * limits an admin sets. The features' approval kinds (what approving runs) come from the composition root.
 */
import { z } from 'zod';
import { formReason, formString, parseForm } from '../form-schema.ts';
import { idParam, pageOf, queryOf, type TRouteArea } from '../route-kit.ts';
import { decideApproval, listApprovals, refusalOf, type TApprovalKind } from './approvals.ts';
import { approvalsBody, limitsBody } from './controls-pages.ts';
import { listAmountLimits, setAmountLimits, ZLimitsForm } from './limits.ts';
import type { TApproval } from './schema.ts';

const ZApproveForm = z.object({ reason: formString().transform((v) => v.trim().slice(0, 500)) });
const ZRejectForm = z.object({ reason: formReason() });

export const createControlsArea =
  (kinds: readonly TApprovalKind[]): TRouteArea =>
  (admin, kit, ctx) => {
    admin.get('/approvals', async (request, reply) => {
      const operator = await kit.need(request, 'approvals.read');
      const tab = queryOf(request).status === 'decided' ? 'decided' : 'pending';
      const page = pageOf(request);
      const { rows, hasMore } = await listApprovals(ctx.db, { status: tab, page });
      // What this operator may do on each row, decided once for the page.
      const refusals = new Map<number, { approve: string | null; reject: string | null }>();
      for (const row of tab === 'pending' ? rows : []) {
        const kind = kinds.find((k) => k.action === row.action);
        refusals.set(row.id, {
          approve: await refusalOf(ctx.db, operator, row, kind, 'approve'),
          reject: await refusalOf(ctx.db, operator, row, kind, 'reject'),
        });
      }
      return kit.render(
        request,
        reply,
        'Approvals',
        'approvals',
        approvalsBody({
          tab,
          rows,
          page,
          hasMore,
          csrf: kit.csrfOf(request),
          refusalOf: (a: TApproval) => refusals.get(a.id) ?? { approve: 'notPending', reject: 'notPending' },
        }),
      );
    });
    for (const decision of ['approve', 'reject'] as const)
      admin.post(`/approvals/:id/${decision}`, async (request, reply) => {
        const operator = await kit.need(request, 'approvals.decide');
        const id = idParam(request);
        return kit.act(
          reply,
          '/admin/approvals',
          decision === 'approve' ? 'approval_approved' : 'approval_rejected',
          () => {
            const { reason } = parseForm(decision === 'approve' ? ZApproveForm : ZRejectForm, request.body);
            return decideApproval(ctx, operator, kit.actorOf(request), kinds, { id, decision, reason });
          },
        );
      });

    admin.get('/approvals/limits', async (request, reply) => {
      await kit.need(request, 'approvals.read');
      return kit.render(
        request,
        reply,
        'Amount limits',
        'approvals',
        limitsBody({
          rows: await listAmountLimits(ctx.db),
          canEdit: kit.allowed(request)('limits.edit'),
          csrf: kit.csrfOf(request),
        }),
      );
    });
    admin.post('/approvals/limits', async (request, reply) => {
      await kit.need(request, 'limits.edit');
      return kit.act(reply, '/admin/approvals/limits', 'limits_saved', () =>
        setAmountLimits(
          ctx.db,
          kit.actorOf(request),
          parseForm(ZLimitsForm, request.body),
          ctx.providers.clock.now(),
        ),
      );
    });
  };
