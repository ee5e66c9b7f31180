/** KYC review: the queue, a case, its documents, approve and reject. */
import { z } from 'zod';
import { can, errorPage, idParam, parseForm, type TRouteArea } from '../../backoffice/index.ts';
import { requirePlayer } from '../../players/index.ts';
import { kycCaseBody, kycQueueBody } from './kyc-pages.ts';
import { decideKyc, kycReviewService } from './kyc-review.ts';

/** The decision's form: a rejection's reason (3 characters or more: decideKyc checks it, after the case). */
const ZDecisionForm = z.object({ reason: z.string().default('') });

export const kycArea: TRouteArea = (admin, kit, ctx) => {
  // KYC
  admin.get('/kyc', async (request, reply) => {
    await kit.need(request, 'kyc.read');
    const service = kycReviewService();
    return kit.render(
      request,
      reply,
      'KYC review',
      'kyc',
      kycQueueBody({ installed: service !== null, cases: service ? await service.queue(ctx) : [] }),
    );
  });
  admin.get('/kyc/documents/:docId', async (request, reply) => {
    await kit.need(request, 'kyc.read');
    const service = kycReviewService();
    const docId = (request.params as { docId: string }).docId;
    const file = service && /^[\w-]{1,100}$/.test(docId) ? await service.document(ctx, docId) : null;
    if (!file) return kit.send(reply, errorPage(404, 'Not found', 'There is no such document.'), 404);
    return reply
      .type(file.mimetype)
      .header('content-disposition', 'inline')
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(Buffer.from(file.data));
  });
  admin.get('/kyc/:id', async (request, reply) => {
    const operator = await kit.need(request, 'kyc.read');
    const playerId = idParam(request);
    const service = kycReviewService();
    const kyc = service && playerId ? await service.get(ctx, playerId) : null;
    // No case: a player who has not started, or no player at all (404, as on the player's page).
    if (service && !kyc) await requirePlayer(ctx.db, playerId);
    return kit.render(
      request,
      reply,
      'KYC review',
      'kyc',
      kycCaseBody({
        installed: service !== null,
        kyc,
        playerId,
        csrf: kit.auth(request).session.csrfToken,
        canReview: can(operator.role, 'kyc.review'),
      }),
    );
  });
  for (const decision of ['approve', 'reject'] as const)
    admin.post(`/kyc/:id/${decision}`, async (request, reply) => {
      await kit.need(request, 'kyc.review');
      const playerId = idParam(request);
      return kit.act(
        reply,
        `/admin/kyc/${playerId}`,
        decision === 'approve' ? 'kyc_approved' : 'kyc_rejected',
        async () => {
          const { reason } = parseForm(ZDecisionForm, request.body);
          return decideKyc(ctx, kit.actorOf(request), { playerId, decision, reason });
        },
      );
    });
};
