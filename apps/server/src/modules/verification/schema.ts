/** The verification tables (migrations/0400_verification.sql is the truth; these declarations match it). */
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
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
