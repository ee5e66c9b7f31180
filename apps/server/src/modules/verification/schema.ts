/** The verification tables (migrations 0400_verification, 1440_sumsub, 1483 and 1640 are the truth; these match them). */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { players } from '../players/index.ts';

export const kycApplicants = pgTable(
  'kyc_applicants',
  {
    playerId: bigint('player_id', { mode: 'number' })
      .primaryKey()
      .references(() => players.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    applicantId: text('applicant_id').notNull(),
    status: text('status', { enum: ['none', 'on_verification', 'verified', 'rejected'] })
      .notNull()
      .default('none'),
    reason: text('reason'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: text('reviewed_by'),
    /** A rejection's kind: 'retry' (new documents welcome) or 'final' (Sumsub's RED + FINAL). */
    rejectType: text('reject_type', { enum: ['final', 'retry'] }),
    /** When the newest provider decision applied was made (its webhook's createdAtMs). */
    providerEventAt: timestamp('provider_event_at', { withTimezone: true }),
    /** An operator's override of Sumsub (migration 1640): while set, Sumsub's answers are recorded, not applied. */
    overriddenAt: timestamp('overridden_at', { withTimezone: true }),
    overriddenBy: text('overridden_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique().on(t.provider, t.applicantId),
    index('kyc_applicants_queue').on(t.status, t.submittedAt),
    check(
      'kyc_applicants_status_check',
      sql`${t.status} in ('none', 'on_verification', 'verified', 'rejected')`,
    ),
    check('kyc_applicants_reject_type_check', sql`${t.rejectType} in ('final', 'retry')`),
  ],
);

export const kycDocuments = pgTable(
  'kyc_documents',
  {
    id: text('id').primaryKey(),
    playerId: bigint('player_id', { mode: 'number' })
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['id_front', 'id_back', 'selfie', 'proof_of_address'] }).notNull(),
    filename: text('filename').notNull(),
    mimetype: text('mimetype').notNull(),
    size: integer('size').notNull(),
    storageKey: text('storage_key').notNull(),
    sha256: text('sha256').notNull(),
    /** A newer upload of the same kind replaces this one (kept for the audit trail, no longer shown). */
    replacedAt: timestamp('replaced_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** An operator's decision on this document (migration 1483): accepted, or rejected with a reason. */
    decision: text('decision', { enum: ['accepted', 'rejected'] }),
    decisionReason: text('decision_reason'),
    decidedBy: text('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('kyc_documents_current').on(t.playerId, t.kind).where(sql`replaced_at is null`),
    check(
      'kyc_documents_kind_check',
      sql`${t.kind} in ('id_front', 'id_back', 'selfie', 'proof_of_address')`,
    ),
    check('kyc_documents_size_check', sql`${t.size} > 0`),
  ],
);

/** Every provider webhook received, once (a replay of the same body is known by its SHA-256). */
export const kycWebhookEvents = pgTable(
  'kyc_webhook_events',
  {
    provider: text('provider').notNull(),
    bodySha256: text('body_sha256').notNull(),
    type: text('type').notNull(),
    applicantId: text('applicant_id'),
    playerId: bigint('player_id', { mode: 'number' }).references(() => players.id, { onDelete: 'set null' }),
    outcome: text('outcome').notNull(),
    eventAt: timestamp('event_at', { withTimezone: true }),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.provider, t.bodySha256] }),
    index('kyc_webhook_events_player').on(t.playerId, t.receivedAt),
  ],
);

/**
 * Every KYC decision for a player, per document or for the whole set (migration 1483): an operator's, or Sumsub's
 * with its review answer (migration 1640); an operator's on a Sumsub case is an override.
 */
export const kycDecisions = pgTable(
  'kyc_decisions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    playerId: bigint('player_id', { mode: 'number' })
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    documentId: text('document_id'),
    documentKind: text('document_kind'),
    decision: text('decision', { enum: ['accepted', 'rejected', 'verified', 'on_verification'] }).notNull(),
    reason: text('reason'),
    /** The operator's e-mail, or 'sumsub' for Sumsub's decisions. */
    operator: text('operator').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    source: text('source', { enum: ['operator', 'sumsub'] })
      .notNull()
      .default('operator'),
    override: boolean('override').notNull().default(false),
    /** false: Sumsub answered after an operator's override; recorded, the player's status unchanged. */
    applied: boolean('applied').notNull().default(true),
    reviewAnswer: text('review_answer', { enum: ['GREEN', 'RED'] }),
    rejectType: text('reject_type', { enum: ['final', 'retry'] }),
    rejectLabels: text('reject_labels').array(),
  },
  (t) => [index('kyc_decisions_player').on(t.playerId, t.at)],
);
