/**
 * The player's side of identity verification: applicant, access token, uploads, submit. The status moves
 * none → on_verification → verified | rejected (rejected → on_verification again after new uploads), and
 * players.is_on_verification / is_verified follow it through the players service.
 */

import { createHash } from 'node:crypto';
import {
  KYC_DOCUMENT_KINDS,
  KYC_IMAGE_TYPES,
  KYC_MAX_FILE_BYTES,
  KYC_PROOF_OF_ADDRESS_TYPES,
  type TKycDocumentKind,
  type TVerificationState,
  type TVerificationStatus,
} from '@casino/contracts/calls/verification';
import { sql } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/database.ts';
import { queryRows } from '../../platform/db/database.ts';
import { AppError, invalidParameters } from '../../platform/http/app-error.ts';
import type { TProviders } from '../../platform/providers.ts';
import { updatePlayer } from '../players/index.ts';
import type { TDocumentStore } from './document-store.ts';
import { detectFileType, EXTENSION_OF } from './file-type.ts';
import type { TVerificationProvider } from './provider.ts';

export interface TKycDeps {
  db: TExecutor;
  providers: TProviders;
  provider: TVerificationProvider;
  store: TDocumentStore;
}

interface TApplicantRow {
  player_id: unknown;
  provider: string;
  applicant_id: string;
  status: TVerificationStatus;
  reason: string | null;
  reject_type: 'final' | 'retry' | null;
  submitted_at: string | Date | null;
  reviewed_at: string | Date | null;
}

export interface TDocumentRow {
  id: string;
  player_id: unknown;
  kind: TKycDocumentKind;
  filename: string;
  mimetype: string;
  size: number;
  storage_key: string;
  created_at: string | Date;
}

const unix = (d: string | Date | null) => (d === null ? null : Math.floor(new Date(d).getTime() / 1000));

export const playerDocumentUrl = (id: string) => `/verification/documents/${id}`;

export const readApplicant = async (db: TExecutor, playerId: number, lock = false) =>
  (
    await queryRows<TApplicantRow>(
      db,
      sql`select player_id, provider, applicant_id, status, reason, reject_type, submitted_at, reviewed_at
          from kyc_applicants where player_id = ${playerId} ${lock ? sql`for update` : sql``}`,
    )
  )[0];

export const currentDocuments = (db: TExecutor, playerId: number) =>
  queryRows<TDocumentRow>(
    db,
    sql`select id, player_id, kind, filename, mimetype, size, storage_key, created_at from kyc_documents
        where player_id = ${playerId} and replaced_at is null order by created_at, id`,
  );

export const verificationState = async (
  db: TExecutor,
  providerName: string,
  playerId: number,
): Promise<TVerificationState> => {
  const applicant = await readApplicant(db, playerId);
  const documents = await currentDocuments(db, playerId);
  const have = new Set(documents.map((d) => d.kind));
  return {
    status: applicant?.status ?? 'none',
    reason: applicant?.status === 'rejected' ? (applicant.reason ?? '') : null,
    // Our own operators' rejections always invite new documents; Sumsub says which (RED + RETRY or FINAL).
    reject_type: applicant?.status === 'rejected' ? (applicant.reject_type ?? 'retry') : null,
    applicant_id: applicant?.applicant_id ?? null,
    provider: applicant?.provider ?? providerName,
    documents: documents.map((d) => ({
      id: d.id,
      kind: d.kind,
      filename: d.filename,
      mimetype: d.mimetype,
      size: Number(d.size),
      uploaded_at: unix(d.created_at) ?? 0,
      url: playerDocumentUrl(d.id),
    })),
    missing: KYC_DOCUMENT_KINDS.filter((k) => !have.has(k)),
    submitted_at: unix(applicant?.submitted_at ?? null),
    reviewed_at: unix(applicant?.reviewed_at ?? null),
  };
};

/**
 * Creates the applicant once (a repeat answers the same one). An unfinished applicant at another provider (the
 * operator moved to Sumsub) is moved to this one; a verified player stays verified where they were.
 */
export const createApplicant = async (deps: TKycDeps, playerId: number) => {
  const existing = await readApplicant(deps.db, playerId);
  const moves = existing && existing.provider !== deps.provider.name && existing.status !== 'verified';
  if (existing && !moves)
    return { applicant_id: existing.applicant_id, provider: existing.provider, status: existing.status };
  const applicantId = await deps.provider.createApplicant({ playerId });
  const now = deps.providers.clock.now();
  await deps.db.execute(
    moves
      ? sql`update kyc_applicants set provider = ${deps.provider.name}, applicant_id = ${applicantId}, status = 'none',
              reason = null, reject_type = null, updated_at = ${now}
            where player_id = ${playerId} and provider = ${existing.provider}`
      : sql`insert into kyc_applicants (player_id, provider, applicant_id, status, created_at, updated_at)
            values (${playerId}, ${deps.provider.name}, ${applicantId}, 'none', ${now}, ${now})
            on conflict (player_id) do nothing`,
  );
  const row = await readApplicant(deps.db, playerId);
  if (!row) throw new Error('applicant not stored');
  return { applicant_id: row.applicant_id, provider: row.provider, status: row.status };
};

export const getAccessToken = async (deps: TKycDeps, playerId: number, externalActionId: string) => {
  const applicant = await createApplicant(deps, playerId);
  return {
    token: await deps.provider.createAccessToken({
      playerId,
      applicantId: applicant.applicant_id,
      externalActionId,
    }),
  };
};

const assertToken = async (deps: TKycDeps, playerId: number, token: string) => {
  // A provider whose SDK takes the documents (Sumsub) has none of ours to take.
  if (!deps.provider.verifyAccessToken)
    throw new AppError('AccessDeniedException', {
      reason: 'verification_by_provider',
      provider: deps.provider.name,
    });
  const claim = deps.provider.verifyAccessToken(token);
  const applicant = await readApplicant(deps.db, playerId);
  if (!claim || !applicant || claim.playerId !== playerId || claim.applicantId !== applicant.applicant_id)
    throw invalidParameters({ token: 'wrongField' });
  return applicant;
};

const assertEditable = (applicant: { status: TVerificationStatus; reject_type: string | null }) => {
  const { status } = applicant;
  if (status === 'on_verification' || status === 'verified')
    throw new AppError('AccessDeniedException', { reason: `verification_${status}` });
  if (status === 'rejected' && applicant.reject_type === 'final')
    throw new AppError('AccessDeniedException', { reason: 'verification_rejected_final' });
};

export const uploadDocument = async (
  deps: TKycDeps,
  playerId: number,
  input: { token: string; kind: TKycDocumentKind; file: { filename: string; data: Uint8Array } },
) => {
  const applicant = await assertToken(deps, playerId, input.token);
  assertEditable(applicant);
  const data = input.file.data;
  if (data.length === 0) throw invalidParameters({ file: 'requiredField' });
  if (data.length > KYC_MAX_FILE_BYTES)
    throw new AppError('InvalidParameterException', {
      invalid_parameters: { file: 'maxLength' },
      max_bytes: KYC_MAX_FILE_BYTES,
    });
  const type = detectFileType(data);
  const allowed: readonly string[] =
    input.kind === 'proof_of_address' ? KYC_PROOF_OF_ADDRESS_TYPES : KYC_IMAGE_TYPES;
  if (!type || !allowed.includes(type))
    throw new AppError('InvalidParameterException', {
      invalid_parameters: { file: 'wrongField' },
      allowed_types: allowed,
    });
  const id = deps.providers.random.uuid();
  const key = `${playerId}/${id}.${EXTENSION_OF[type]}`;
  const filename = (input.file.filename.split(/[\\/]/).pop() ?? '').replace(/[^\w .()-]/g, '_').slice(0, 120);
  await deps.store.put(key, data);
  const now = deps.providers.clock.now();
  try {
    await deps.db.transaction(async (tx) => {
      await tx.execute(
        sql`update kyc_documents set replaced_at = ${now}
            where player_id = ${playerId} and kind = ${input.kind} and replaced_at is null`,
      );
      await tx.execute(
        sql`insert into kyc_documents (id, player_id, kind, filename, mimetype, size, storage_key, sha256, created_at)
            values (${id}, ${playerId}, ${input.kind}, ${filename || `${input.kind}.${EXTENSION_OF[type]}`}, ${type},
              ${data.length}, ${key}, ${createHash('sha256').update(data).digest('hex')}, ${now})`,
      );
    });
  } catch (error) {
    await deps.store.remove(key);
    throw error;
  }
  return verificationState(deps.db, deps.provider.name, playerId);
};

/** Sends the documents for review: every kind must be there. */
export const submitVerification = async (deps: TKycDeps, playerId: number, token: string) => {
  const applicant = await assertToken(deps, playerId, token);
  assertEditable(applicant);
  const state = await verificationState(deps.db, deps.provider.name, playerId);
  if (state.missing.length > 0)
    throw invalidParameters(Object.fromEntries(state.missing.map((k) => [k, 'requiredField'])));
  const now = deps.providers.clock.now();
  await deps.db.transaction(async (tx) => {
    await tx.execute(
      sql`update kyc_applicants set status = 'on_verification', reason = null, reject_type = null, submitted_at = ${now},
            reviewed_at = null, reviewed_by = null, updated_at = ${now} where player_id = ${playerId}`,
    );
    await updatePlayer(tx, playerId, { isOnVerification: true, isVerified: false });
  });
  return verificationState(deps.db, deps.provider.name, playerId);
};

/** A document's bytes for its owner (playerId given) or an operator (playerId null). */
export const readDocument = async (deps: TKycDeps, documentId: string, ownerId: number | null) => {
  if (!/^[0-9a-f-]{36}$/.test(documentId)) return null;
  const [row] = await queryRows<TDocumentRow>(
    deps.db,
    sql`select id, player_id, kind, filename, mimetype, size, storage_key, created_at from kyc_documents
        where id = ${documentId}`,
  );
  if (!row || (ownerId !== null && Number(row.player_id) !== ownerId)) return null;
  const data = await deps.store.get(row.storage_key);
  return data ? { mimetype: row.mimetype, filename: row.filename, data } : null;
};
