/**
 * The operators' review of identity verification: the queue of submitted applicants, one case with its
 * documents, approve, reject with a reason. The back-office calls these (behind its operator session and
 * permissions) and writes its operator audit log for each decision; the decision itself is kept here too
 * (reviewed_by, reviewed_at, reason).
 */
import { sql } from 'drizzle-orm';
import type { TAppContext } from '../../platform/context.ts';
import { queryRows } from '../../platform/db/database.ts';
import { AppError, invalidParameters } from '../../platform/http/app-error.ts';
import { updatePlayer } from '../players/index.ts';
import { currentDocuments, readApplicant, readDocument, type TKycDeps } from './applicants.ts';

/** Where an operator's browser fetches a document: the back-office serves it behind its own session. */
export const operatorDocumentUrl = (id: string) => `/admin/kyc/documents/${id}`;

interface TCaseRow {
  player_id: unknown;
  login: string;
  status: string;
  reason: string | null;
  submitted_at: string | Date | null;
  reviewed_at: string | Date | null;
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
      sql`select a.player_id, p.login, a.status, a.reason, a.submitted_at, a.reviewed_at
          from kyc_applicants a join players_summary_v p on p.id = a.player_id where ${where}
          order by a.submitted_at nulls last, a.player_id`,
    );

  const decide = async (
    ctx: TAppContext,
    playerId: number,
    decision: { status: 'verified' | 'rejected'; reason: string | null; operator: string },
  ) => {
    const now = ctx.providers.clock.now();
    await ctx.db.transaction(async (tx) => {
      const applicant = await readApplicant(tx, playerId, true);
      if (!applicant) throw invalidParameters({ id: 'notFound' });
      if (applicant.status !== 'on_verification')
        throw new AppError('AccessDeniedException', { reason: `verification_${applicant.status}` });
      await tx.execute(
        sql`update kyc_applicants set status = ${decision.status}, reason = ${decision.reason},
              reject_type = ${decision.status === 'rejected' ? 'retry' : null},
              reviewed_at = ${now}, reviewed_by = ${decision.operator}, updated_at = ${now}
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
    approve: (ctx: TAppContext, playerId: number, operator: string) =>
      decide(ctx, playerId, { status: 'verified', reason: null, operator }),
    async reject(ctx: TAppContext, playerId: number, reason: string, operator: string) {
      const text = reason.trim();
      if (text === '') throw invalidParameters({ reason: 'requiredField' });
      await decide(ctx, playerId, { status: 'rejected', reason: text.slice(0, 500), operator });
    },
    async document(ctx: TAppContext, documentId: string) {
      const found = await readDocument(deps(ctx), documentId, null);
      return found ? { mimetype: found.mimetype, data: found.data } : null;
    },
  };
};
export type TKycReview = ReturnType<typeof createKycReview>;
