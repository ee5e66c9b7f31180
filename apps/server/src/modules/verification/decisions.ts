/**
 * KYC decisions and their history (issue 40): an operator accepts a document or rejects it with a reason, and
 * decides the whole set (review.ts); every decision is kept per player (kyc_decisions), Sumsub's with its answer
 * and an operator's on a Sumsub case as an override (ADR 073). The back-office's queue
 * reads the cases by tab: waiting for review, approved, rejected, and documents uploaded but not submitted yet
 * (waiting for the player).
 */
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/database.ts';
import { queryRows } from '../../platform/db/database.ts';
import { invalidParameters } from '../../platform/http/app-error.ts';
import { kycDecisions, kycDocuments } from './schema.ts';

export const KYC_TABS = ['pending', 'waiting', 'verified', 'rejected'] as const;
export type TKycTab = (typeof KYC_TABS)[number];

export interface TKycListRow {
  playerId: number;
  login: string;
  status: string;
  reason: string | null;
  submittedAt: Date | null;
  reviewedAt: Date | null;
  reviewedBy: string | null;
  documents: number;
  /** Documents uploaded since the last submission (waiting for the player to submit them). */
  unsubmitted: number;
  lastUploadAt: Date | null;
}

const date = (d: unknown) => (d === null || d === undefined ? null : new Date(d as string));

/** One tab of the queue, a page at a time: waiting for review oldest first, decided ones newest first. */
export const listKycCases = async (db: TExecutor, tab: TKycTab, page: number, size = 50) => {
  const uploads = sql`(select count(*) from kyc_documents d where d.player_id = a.player_id and d.replaced_at is null)`;
  const unsubmitted = sql`(select count(*) from kyc_documents d where d.player_id = a.player_id
      and d.replaced_at is null and (a.submitted_at is null or d.created_at > a.submitted_at))`;
  const where =
    tab === 'pending'
      ? sql`a.status = 'on_verification'`
      : tab === 'waiting'
        ? sql`a.status in ('none', 'rejected') and ${unsubmitted} > 0`
        : sql`a.status = ${tab}`;
  const order =
    tab === 'pending'
      ? sql`a.submitted_at nulls last, a.player_id`
      : tab === 'waiting'
        ? sql`last_upload_at desc nulls last, a.player_id`
        : sql`a.reviewed_at desc nulls last, a.player_id`;
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select a.player_id, p.login, a.status, a.reason, a.submitted_at, a.reviewed_at, a.reviewed_by,
               ${uploads} as documents, ${unsubmitted} as unsubmitted,
               (select max(d.created_at) from kyc_documents d where d.player_id = a.player_id) as last_upload_at
          from kyc_applicants a join players_summary_v p on p.id = a.player_id
         where ${where}
         order by ${order}
         limit ${size + 1} offset ${page * size}`,
  );
  return {
    rows: rows.slice(0, size).map(
      (r): TKycListRow => ({
        playerId: Number(r.player_id),
        login: String(r.login),
        status: String(r.status),
        reason: (r.reason as string | null) ?? null,
        submittedAt: date(r.submitted_at),
        reviewedAt: date(r.reviewed_at),
        reviewedBy: (r.reviewed_by as string | null) ?? null,
        documents: Number(r.documents),
        unsubmitted: Number(r.unsubmitted),
        lastUploadAt: date(r.last_upload_at),
      }),
    ),
    hasMore: rows.length > size,
  };
};

/** The current documents' decisions and whether each came after the last submission, by document id. */
export const documentDecisions = async (db: TExecutor, playerId: number) => {
  const rows = await db
    .select({
      id: kycDocuments.id,
      decision: kycDocuments.decision,
      reason: kycDocuments.decisionReason,
      by: kycDocuments.decidedBy,
      at: kycDocuments.decidedAt,
    })
    .from(kycDocuments)
    .where(and(eq(kycDocuments.playerId, playerId), isNull(kycDocuments.replacedAt)));
  return new Map(rows.map((r) => [r.id, r]));
};

/** Accepts a document or rejects it with a reason; recorded on the document and in the player's history. */
export const decideDocument = (
  db: TExecutor,
  input: {
    playerId: number;
    documentId: string;
    decision: 'accepted' | 'rejected';
    reason: string | null;
    operator: string;
    now: Date;
  },
) =>
  db.transaction(async (tx) => {
    const [doc] = await tx
      .select()
      .from(kycDocuments)
      .where(
        and(
          eq(kycDocuments.id, input.documentId),
          eq(kycDocuments.playerId, input.playerId),
          isNull(kycDocuments.replacedAt),
        ),
      )
      .for('update');
    if (!doc) throw invalidParameters({ document: 'notFound' });
    if (input.decision === 'rejected' && (input.reason ?? '').trim().length < 3)
      throw invalidParameters({ reason: 'requiredField' });
    const reason = input.decision === 'rejected' ? (input.reason ?? '').trim().slice(0, 500) : null;
    await tx
      .update(kycDocuments)
      .set({
        decision: input.decision,
        decisionReason: reason,
        decidedBy: input.operator,
        decidedAt: input.now,
      })
      .where(eq(kycDocuments.id, doc.id));
    await tx.insert(kycDecisions).values({
      playerId: input.playerId,
      documentId: doc.id,
      documentKind: doc.kind,
      decision: input.decision,
      reason,
      operator: input.operator,
      at: input.now,
    });
    return {
      before: { decision: doc.decision, reason: doc.decisionReason },
      after: { decision: input.decision, reason },
      kind: doc.kind,
    };
  });

/** The whole set's decision by an operator in the player's history (after review.ts decided it). */
export const recordCaseDecision = async (
  db: TExecutor,
  input: {
    playerId: number;
    decision: 'verified' | 'rejected';
    reason: string | null;
    operator: string;
    /** The case is Sumsub's: the operator's decision overrides Sumsub's answer (ADR 073). */
    override: boolean;
    now: Date;
  },
) => {
  await db.insert(kycDecisions).values({
    playerId: input.playerId,
    decision: input.decision,
    reason: input.reason,
    operator: input.operator,
    source: 'operator',
    override: input.override,
    at: input.now,
  });
};

/**
 * Sumsub's answer in the player's history: a review (GREEN verified, RED rejected with its type and labels) or a
 * new submission (on_verification). `applied` false: an operator's override stood, the status did not change.
 */
export const recordSumsubDecision = async (
  db: TExecutor,
  input: {
    playerId: number;
    decision: 'verified' | 'rejected' | 'on_verification';
    reason: string | null;
    reviewAnswer: 'GREEN' | 'RED' | null;
    rejectType: 'final' | 'retry' | null;
    rejectLabels: string[];
    applied: boolean;
    at: Date;
  },
) => {
  await db.insert(kycDecisions).values({
    playerId: input.playerId,
    decision: input.decision,
    reason: input.reason,
    operator: 'sumsub',
    source: 'sumsub',
    applied: input.applied,
    reviewAnswer: input.reviewAnswer,
    rejectType: input.rejectType,
    rejectLabels: input.rejectLabels.length > 0 ? input.rejectLabels : null,
    at: input.at,
  });
};

/** A player's decisions, newest first. */
export const kycHistoryOf = (db: TExecutor, playerId: number) =>
  db
    .select()
    .from(kycDecisions)
    .where(eq(kycDecisions.playerId, playerId))
    .orderBy(desc(kycDecisions.at), desc(kycDecisions.id))
    .limit(100);
export type TKycDecision = Awaited<ReturnType<typeof kycHistoryOf>>[number];
