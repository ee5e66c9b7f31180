/** The withdrawal queue: pending and settled withdrawals, approve and decline. */
import { can } from '../permissions.ts';
import { field, pageOf, queryOf, type TRouteArea } from '../route-kit.ts';
import { withdrawalsBody } from '../ui/withdrawals-page.ts';
import { listWithdrawals, reviewWithdrawal } from '../withdrawal-queue.ts';

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
      return kit.act(reply, '/admin/withdrawals', decision === 'approve' ? 'approved' : 'declined', () =>
        reviewWithdrawal(ctx, kit.actorOf(request), { id, decision, reason: field(request.body, 'reason') }),
      );
    });
};
