/**
 * KYC review: the queue by tab (waiting for review, waiting for the player, approved, rejected), a case with its
 * documents, each document accepted or rejected with a reason, the whole set approved or rejected, the history.
 */
import { z } from 'zod';
import {
  can,
  errorPage,
  formString,
  idParam,
  pageOf,
  parseForm,
  queryOf,
  type TRouteArea,
} from '../../backoffice/index.ts';
import { requirePlayer } from '../../players/index.ts';
import { documentDecisions, KYC_TABS, kycHistoryOf, listKycCases, type TKycTab } from '../decisions.ts';
import { kycCaseBody, kycQueueBody } from './kyc-pages.ts';
import { decideKyc, decideKycDocument, kycReviewService } from './kyc-review.ts';

/** The decision's form: a rejection's reason (3 characters or more: decideKyc checks it, after the case). */
const ZDecisionForm = z.object({ reason: z.string().default('') });
/** A document's decision: a rejection's reason (3 characters or more: decideDocument checks it). */
const ZDocumentForm = z.object({ reason: formString() });

export const kycArea: TRouteArea = (admin, kit, ctx) => {
  // KYC
  admin.get('/kyc', async (request, reply) => {
    await kit.need(request, 'kyc.read');
    const service = kycReviewService();
    const asked = queryOf(request).tab ?? 'pending';
    const tab: TKycTab = (KYC_TABS as readonly string[]).includes(asked) ? (asked as TKycTab) : 'pending';
    const page = pageOf(request);
    const list = service ? await listKycCases(ctx.db, tab, page) : { rows: [], hasMore: false };
    return kit.render(
      request,
      reply,
      'KYC review',
      'kyc',
      kycQueueBody({ installed: service !== null, tab, page, ...list }),
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
    const [decisions, history] = kyc
      ? await Promise.all([documentDecisions(ctx.db, playerId), kycHistoryOf(ctx.db, playerId)])
      : [new Map(), []];
    return kit.render(
      request,
      reply,
      'KYC review',
      'kyc',
      kycCaseBody({
        installed: service !== null,
        kyc,
        playerId,
        decisions,
        history,
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
  for (const decision of ['accept', 'reject'] as const)
    admin.post(`/kyc/:id/documents/:docId/${decision}`, async (request, reply) => {
      await kit.need(request, 'kyc.review');
      const playerId = idParam(request);
      const documentId = (request.params as { docId: string }).docId;
      return kit.act(
        reply,
        `/admin/kyc/${playerId}`,
        decision === 'accept' ? 'kyc_document_accepted' : 'kyc_document_rejected',
        async () => {
          const { reason } = parseForm(ZDocumentForm, request.body);
          return decideKycDocument(ctx, kit.actorOf(request), {
            playerId,
            documentId,
            decision: decision === 'accept' ? 'accepted' : 'rejected',
            reason,
          });
        },
      );
    });
};
