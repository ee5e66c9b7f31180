/**
 * The operators' review of identity verification: the queue of submitted applicants, one case with its
 * documents, approve, reject with a reason. The back-office calls these (behind its operator session and
 * permissions) and writes its operator audit log for each decision; the decision itself is kept here too
 * (reviewed_by, reviewed_at, reason). On a case Sumsub manages, an operator's decision is an override (ADR 073): it
 * needs a reason, may change Sumsub's answer, and holds against Sumsub's later answers until the player submits again.
 */
import { sql } from 'drizzle-orm';
import type { TAppContext } from '../../platform/context.ts';
import { queryRows } from '../../platform/db/database.ts';
import { AppError, invalidParameters } from '../../platform/http/app-error.ts';
import { updatePlayer } from '../players/index.ts';
import { currentDocuments, readApplicant, readDocument, type TKycDeps } from './applicants.ts';
import { SUMSUB } from './sumsub/provider.ts';

/** Where an operator's browser fetches a document: the back-office serves it behind its own session. */
export const operatorDocumentUrl = (id: string) => `/admin/kyc/documents/${id}`;

interface TCaseRow {
  player_id: unknown;
  login: string;
  status: string;
  reason: string | null;
  submitted_at: string | Date | null;
  reviewed_at: string | Date | null;
  provider: string;
  reviewed_by: string | null;
  overridden_at: string | Date | null;
  overridden_by: string | null;
}

const date = (d: string | Date | null) => (d === null ? null : new Date(d));

export const createKycReview = (deps: (ctx: TAppContext) => TKycDeps) => {
  const toCase = async (ctx: TAppContext, row: TCaseRow) => {
    const playerId = Number(row.player_id);
    const documents = await currentDocuments(ctx.db, playerId);
    return {
      playerId,
      login: row.login,
      status: row.status,
      reason: row.reason,
      submittedAt: date(row.submitted_at),
      reviewedAt: date(row.reviewed_at),
      /** 'sumsub' for Sumsub's answer, else the operator's e-mail. */
      reviewedBy: row.reviewed_by,
      managedBySumsub: row.provider === SUMSUB,
      overriddenAt: date(row.overridden_at),
      overriddenBy: row.overridden_by,
      documents: documents.map((d) => ({
        id: d.id,
        kind: d.kind,
        filename: d.filename,
        mimetype: d.mimetype,
        size: Number(d.size),
        uploadedAt: new Date(d.created_at),
        url: operatorDocumentUrl(d.id),
      })),
    };
  };
  const cases = (ctx: TAppContext, where: ReturnType<typeof sql>) =>
    queryRows<TCaseRow>(
      ctx.db,
      sql`select a.player_id, p.login, a.status, a.reason, a.submitted_at, a.reviewed_at, a.provider,
                 a.reviewed_by, a.overridden_at, a.overridden_by
          from kyc_applicants a join players_summary_v p on p.id = a.player_id where ${where}
          order by a.submitted_at nulls last, a.player_id`,
    );

  const decide = async (
    ctx: TAppContext,
    playerId: number,
    decision: {
      status: 'verified' | 'rejected';
      reason: string | null;
      operator: string;
      /** Why an operator overrides Sumsub (required on a Sumsub case; a rejection's reason is it). */
      overrideReason: string | null;
    },
  ) => {
    const now = ctx.providers.clock.now();
    await ctx.db.transaction(async (tx) => {
      const applicant = await readApplicant(tx, playerId, true);
      if (!applicant) throw invalidParameters({ id: 'notFound' });
      // Sumsub's case: the operator overrides Sumsub's answer (or its pending review), with a reason; ours: the
      // operator decides a submitted case, once.
      const override = applicant.provider === SUMSUB;
      const decidable = override
        ? applicant.status !== 'none' && applicant.status !== decision.status
        : applicant.status === 'on_verification';
      if (!decidable)
        throw new AppError('AccessDeniedException', { reason: `verification_${applicant.status}` });
      if (override && (decision.overrideReason ?? '').trim().length < 3)
        throw invalidParameters({ reason: 'requiredField' });
      await tx.execute(
        sql`update kyc_applicants set status = ${decision.status}, reason = ${decision.reason},
              reject_type = ${decision.status === 'rejected' ? 'retry' : null},
              reviewed_at = ${now}, reviewed_by = ${decision.operator}, updated_at = ${now},
              overridden_at = ${override ? now : null}, overridden_by = ${override ? decision.operator : null}
            where player_id = ${playerId}`,
      );
      await updatePlayer(tx, playerId, {
        isOnVerification: false,
        isVerified: decision.status === 'verified',
      });
    });
  };

  return {
    /** Applicants waiting for a decision, oldest first. */
    async queue(ctx: TAppContext) {
      const rows = await cases(ctx, sql`a.status = 'on_verification'`);
      return Promise.all(rows.map((row) => toCase(ctx, row)));
    },
    async get(ctx: TAppContext, playerId: number) {
      const [row] = await cases(ctx, sql`a.player_id = ${playerId}`);
      return row ? toCase(ctx, row) : null;
    },
    approve: (ctx: TAppContext, playerId: number, operator: string, reason: string | null = null) =>
      decide(ctx, playerId, { status: 'verified', reason: null, operator, overrideReason: reason }),
    async reject(ctx: TAppContext, playerId: number, reason: string, operator: string) {
      const text = reason.trim();
      if (text === '') throw invalidParameters({ reason: 'requiredField' });
      await decide(ctx, playerId, {
        status: 'rejected',
        reason: text.slice(0, 500),
        operator,
        overrideReason: text,
      });
    },
    async document(ctx: TAppContext, documentId: string) {
      const found = await readDocument(deps(ctx), documentId, null);
      return found ? { mimetype: found.mimetype, data: found.data } : null;
    },
  };
};
export type TKycReview = ReturnType<typeof createKycReview>;
