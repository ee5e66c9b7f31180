/** The withdrawal queue: pending and settled withdrawals, approve and decline. */
import { z } from 'zod';
import {
  can,
  controlledAction,
  pageOf,
  parseForm,
  queryOf,
  type TRouteArea,
} from '../../backoffice/index.ts';
import { withdrawalPlan } from './withdrawal-controls.ts';
import { listWithdrawals, reviewWithdrawal } from './withdrawal-queue.ts';
import { withdrawalsBody } from './withdrawals-page.ts';

/** The decision's form: a decline's reason (3 characters or more: reviewWithdrawal checks it, after the withdrawal). */
const ZReviewForm = z.object({ reason: z.string().default('') });

export const withdrawalsArea: TRouteArea = (admin, kit, ctx) => {
  // Withdrawals
  admin.get('/withdrawals', async (request, reply) => {
    const operator = await kit.need(request, 'withdrawals.review');
    const result = await listWithdrawals(ctx.db, {
      status: queryOf(request).status ?? 'pending',
      page: pageOf(request),
    });
    return kit.render(
      request,
      reply,
      'Withdrawals',
      'withdrawals',
      withdrawalsBody({
        ...result,
        page: pageOf(request),
        csrf: kit.auth(request).session.csrfToken,
        canReview: can(operator.role, 'withdrawals.review'),
      }),
    );
  });
  // A payout confirms first and follows the operator's limit (withdrawal-controls.ts); a decline refunds, with a reason.
  admin.post('/withdrawals/:wid/approve', async (request, reply) => {
    const id = (request.params as { wid: string }).wid;
    return controlledAction(ctx, kit, request, reply, {
      permission: 'withdrawals.review',
      section: 'withdrawals',
      back: '/admin/withdrawals',
      ok: 'approved',
      parse: () => id,
      plan: (wid) => withdrawalPlan(ctx, wid),
      run: (wid) => reviewWithdrawal(ctx, kit.actorOf(request), { id: wid, decision: 'approve' }),
    });
  });
  admin.post('/withdrawals/:wid/decline', async (request, reply) => {
    await kit.need(request, 'withdrawals.review');
    const id = (request.params as { wid: string }).wid;
    return kit.act(reply, '/admin/withdrawals', 'declined', async () => {
      const { reason } = parseForm(ZReviewForm, request.body);
      return reviewWithdrawal(ctx, kit.actorOf(request), { id, decision: 'decline', reason });
    });
  });
};
