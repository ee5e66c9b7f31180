/** The withdrawal queue: pending and settled withdrawals, approve and decline. */
import { z } from 'zod';
import { can, pageOf, parseForm, queryOf, type TRouteArea } from '../../backoffice/index.ts';
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
  for (const decision of ['approve', 'decline'] as const)
    admin.post(`/withdrawals/:wid/${decision}`, async (request, reply) => {
      await kit.need(request, 'withdrawals.review');
      const id = (request.params as { wid: string }).wid;
      return kit.act(
        reply,
        '/admin/withdrawals',
        decision === 'approve' ? 'approved' : 'declined',
        async () => {
          const { reason } = parseForm(ZReviewForm, request.body);
          return reviewWithdrawal(ctx, kit.actorOf(request), { id, decision, reason });
        },
      );
    });
};
