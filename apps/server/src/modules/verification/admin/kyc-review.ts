/**
 * The KYC review queue for operators. The verification module owns applicants, documents and the decision;
 * this file adapts its operator review service to the back-office's pages and audits every decision.
 */
import type { TAppContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/http/app-error.ts';
import { recordAudit, type TActor } from '../../backoffice/index.ts';
import { decideDocument, recordCaseDecision } from '../decisions.ts';
import { kycReview } from '../module.ts';

export interface TKycDocumentView {
  id: string;
  kind: string;
  filename: string;
  mimetype: string;
  size: number;
  uploadedAt: Date;
  /** Where an operator's browser fetches the file (served only to operators and the owner). */
  url: string;
}

export interface TKycCase {
  playerId: number;
  login: string;
  status: string;
  reason: string | null;
  submittedAt: Date | null;
  reviewedAt: Date | null;
  documents: TKycDocumentView[];
}

/** What the back-office needs from the verification module. */
export interface TKycReviewService {
  queue(ctx: TAppContext): Promise<TKycCase[]>;
  get(ctx: TAppContext, playerId: number): Promise<TKycCase | null>;
  approve(ctx: TAppContext, playerId: number, operator: string): Promise<void>;
  reject(ctx: TAppContext, playerId: number, reason: string, operator: string): Promise<void>;
  /** The document's bytes for an operator (the back-office serves them under /admin, behind its own session). */
  document(ctx: TAppContext, documentId: string): Promise<{ mimetype: string; data: Uint8Array } | null>;
}

let service: TKycReviewService | null = kycReview;

/** Replaces the review service (a deployment may plug in an outside provider's, or none). */
export const useKycReviewService = (next: TKycReviewService | null) => {
  service = next;
};
export const kycReviewService = () => service;

const requireService = () => {
  if (!service)
    throw new AppError('ApplicationUnavailableException', { reason: 'verification_not_installed' });
  return service;
};

export const decideKyc = async (
  ctx: TAppContext,
  actor: TActor,
  input: { playerId: number; decision: 'approve' | 'reject'; reason?: string },
) => {
  const kyc = requireService();
  const before = await kyc.get(ctx, input.playerId);
  if (!before) throw new AppError('InvalidParameterException', { invalid_parameters: { id: 'notFound' } });
  const reason = input.reason?.trim() ?? '';
  if (input.decision === 'reject' && reason.length < 3)
    throw new AppError('InvalidParameterException', { invalid_parameters: { reason: 'requiredField' } });
  if (input.decision === 'approve') await kyc.approve(ctx, input.playerId, actor.email);
  else await kyc.reject(ctx, input.playerId, reason.slice(0, 500), actor.email);
  // The case's history (issue 40) keeps the whole set's decision beside the documents' own.
  await recordCaseDecision(ctx.db, {
    playerId: input.playerId,
    decision: input.decision === 'approve' ? 'verified' : 'rejected',
    reason: input.decision === 'reject' ? reason.slice(0, 500) : null,
    operator: actor.email,
    now: ctx.providers.clock.now(),
  });
  const after = await kyc.get(ctx, input.playerId);
  await recordAudit(ctx.db, actor, {
    action: input.decision === 'approve' ? 'kyc.approve' : 'kyc.reject',
    target: { type: 'kyc', id: input.playerId },
    before: { status: before.status, documents: before.documents.length },
    after: { status: after?.status ?? null },
    reason: input.decision === 'reject' ? reason.slice(0, 500) : null,
    at: ctx.providers.clock.now(),
  });
  return after;
};

/** Accepts or rejects one document (with a reason), audited with before and after. */
export const decideKycDocument = async (
  ctx: TAppContext,
  actor: TActor,
  input: { playerId: number; documentId: string; decision: 'accepted' | 'rejected'; reason: string },
) => {
  requireService();
  const now = ctx.providers.clock.now();
  return ctx.db.transaction(async (tx) => {
    const result = await decideDocument(tx, { ...input, operator: actor.email, now });
    await recordAudit(tx, actor, {
      action: input.decision === 'accepted' ? 'kyc.document.accept' : 'kyc.document.reject',
      target: { type: 'kyc', id: input.playerId },
      before: { document: input.documentId, kind: result.kind, ...result.before },
      after: { document: input.documentId, kind: result.kind, ...result.after },
      reason: result.after.reason,
      at: now,
    });
    return result;
  });
};
