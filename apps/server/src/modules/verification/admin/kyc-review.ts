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
  /** 'sumsub' for Sumsub's answer, else the operator's e-mail. */
  reviewedBy: string | null;
  /** Sumsub's webhook decides this case; an operator's decision overrides it (ADR 073). */
  managedBySumsub: boolean;
  /** An operator's override that holds until the player submits again at Sumsub. */
  overriddenAt: Date | null;
  overriddenBy: string | null;
  documents: TKycDocumentView[];
}

/** What the back-office needs from the verification module. */
export interface TKycReviewService {
  queue(ctx: TAppContext): Promise<TKycCase[]>;
  get(ctx: TAppContext, playerId: number): Promise<TKycCase | null>;
  /** `reason`: why, required when it overrides Sumsub. */
  approve(ctx: TAppContext, playerId: number, operator: string, reason?: string | null): Promise<void>;
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
  const reason = (input.reason?.trim() ?? '').slice(0, 500);
  // On Sumsub's case the operator overrides Sumsub's answer: a reason either way (ADR 073).
  const override = before.managedBySumsub;
  if ((input.decision === 'reject' || override) && reason.length < 3)
    throw new AppError('InvalidParameterException', { invalid_parameters: { reason: 'requiredField' } });
  if (input.decision === 'approve') await kyc.approve(ctx, input.playerId, actor.email, reason || null);
  else await kyc.reject(ctx, input.playerId, reason, actor.email);
  // The case's history (issue 40) keeps the whole set's decision beside the documents' own.
  await recordCaseDecision(ctx.db, {
    playerId: input.playerId,
    decision: input.decision === 'approve' ? 'verified' : 'rejected',
    reason: reason || null,
    operator: actor.email,
    override,
    now: ctx.providers.clock.now(),
  });
  const after = await kyc.get(ctx, input.playerId);
  const action = input.decision === 'approve' ? 'kyc.approve' : 'kyc.reject';
  await recordAudit(ctx.db, actor, {
    action: override ? action.replace('kyc.', 'kyc.override.') : action,
    target: { type: 'kyc', id: input.playerId },
    before: override
      ? { status: before.status, decidedBy: before.reviewedBy, reason: before.reason }
      : { status: before.status, documents: before.documents.length },
    after: override ? { status: after?.status ?? null, override: true } : { status: after?.status ?? null },
    reason: reason || null,
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
