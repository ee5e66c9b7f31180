/**
 * Identity verification (spec §7 Other: "create applicant" and "get access token"; §3 is_on_verification,
 * is_verified). Our own provider runs the flow: create an applicant, get an access token, upload the four
 * documents with that token (multipart), submit; an operator approves or rejects with a reason.
 * Every call answers AccessDeniedException { reason: 'feature_disabled', feature: 'isVerificationEnable' }
 * while the site config's identity-verification flag is off.
 */
import { z } from 'zod';
import { defineCall, type TCallContract, zText } from '../call.ts';

export const VERIFICATION_STATUSES = ['none', 'on_verification', 'verified', 'rejected'] as const;
export type TVerificationStatus = (typeof VERIFICATION_STATUSES)[number];

/** The documents a player uploads: identity document front and back, a selfie and a proof of address. */
export const KYC_DOCUMENT_KINDS = ['id_front', 'id_back', 'selfie', 'proof_of_address'] as const;
export type TKycDocumentKind = (typeof KYC_DOCUMENT_KINDS)[number];

/** Upload rules: images only (JPEG, PNG, WebP, checked by content, not by name); PDF for proof of address. */
export const KYC_MAX_FILE_BYTES = 8 * 1024 * 1024;
export const KYC_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const KYC_PROOF_OF_ADDRESS_TYPES = [...KYC_IMAGE_TYPES, 'application/pdf'] as const;

/** A file part of a multipart body as the server's router hands it over. */
export const ZUploadedFile = z.object({
  filename: z.string(),
  mimetype: z.string(),
  data: z.instanceof(Uint8Array),
});

export const ZKycDocument = z.object({
  id: z.string(),
  kind: z.enum(KYC_DOCUMENT_KINDS),
  filename: z.string(),
  /** The type detected from the file's content (never the one the browser claimed). */
  mimetype: z.string(),
  size: z.number().int(),
  /** Unix seconds. */
  uploaded_at: z.number().int(),
  /** Served only to the owner (session cookie) and to operators (signed link): `/verification/documents/{id}`. */
  url: z.string(),
});
export type TKycDocument = z.output<typeof ZKycDocument>;

/** The player's verification as the profile page shows it. */
export const ZVerificationState = z.object({
  status: z.enum(VERIFICATION_STATUSES),
  /** The operator's reason when rejected, else null. */
  reason: z.string().nullable(),
  /**
   * When rejected: 'retry' (new documents welcome: an operator's rejection, Sumsub's RED + RETRY) or 'final'
   * (Sumsub's RED + FINAL: no new attempt); else null.
   */
  reject_type: z.enum(['final', 'retry']).nullable(),
  applicant_id: z.string().nullable(),
  /** Who verifies: 'inhouse' (the uploads below) or 'sumsub' (the site launches Sumsub's WebSDK with the access token). */
  provider: z.string(),
  documents: z.array(ZKycDocument),
  /** The kinds still to upload before submit is allowed. */
  missing: z.array(z.enum(KYC_DOCUMENT_KINDS)),
  /** Unix seconds, or null. */
  submitted_at: z.number().int().nullable(),
  reviewed_at: z.number().int().nullable(),
});
export type TVerificationState = z.output<typeof ZVerificationState>;

export const ZGetVerification = defineCall({
  name: 'verification.get',
  method: 'GET',
  access: 'user',
  summary:
    "The player's identity verification: status, rejection reason, uploaded documents, what is missing.",
  params: z.object({}).loose(),
  data: ZVerificationState,
});

export const ZCreateApplicant = defineCall({
  name: 'verification.createApplicant',
  method: 'POST',
  access: 'user',
  summary:
    'Creates (or answers the existing) applicant at the verification provider for this player. Idempotent.',
  params: z.object({}).loose(),
  data: z.object({ applicant_id: z.string(), provider: z.string(), status: z.enum(VERIFICATION_STATUSES) }),
});

export const ZGetAccessToken = defineCall({
  name: 'verification.getAccessToken',
  method: 'POST',
  access: 'user',
  summary:
    "An access token (30 minutes) for the provider's document step (our uploads, or Sumsub's WebSDK when Sumsub verifies); creates the applicant when there is none. externalActionId is an optional tag the provider binds to the token.",
  params: z
    .object({
      externalActionId: zText().pipe(z.string().max(100, { error: 'maxLength' })),
    })
    .loose(),
  data: z.object({ token: z.string() }),
});

export const ZUploadDocument = defineCall({
  name: 'verification.uploadDocument',
  method: 'POST',
  access: 'user',
  summary:
    'Uploads one document (multipart: token, kind, file). JPEG, PNG or WebP by content (PDF too for proof_of_address), at most 8 MB; a new upload of a kind replaces the old one. Refused while on verification or verified.',
  params: z
    .object({
      token: zText().pipe(z.string().min(1, { error: 'requiredField' })),
      kind: zText().pipe(z.enum(KYC_DOCUMENT_KINDS, { error: 'wrongField' })),
      file: ZUploadedFile,
    })
    .loose(),
  data: ZVerificationState,
});

export const ZSubmitVerification = defineCall({
  name: 'verification.submit',
  method: 'POST',
  access: 'user',
  summary:
    'Sends the uploaded documents for review: status becomes on_verification. Every kind must be uploaded (else InvalidParameterException with the missing kinds as requiredField).',
  params: z
    .object({
      token: zText().pipe(z.string().min(1, { error: 'requiredField' })),
    })
    .loose(),
  data: ZVerificationState,
});

export const verificationCalls: TCallContract[] = [
  ZGetVerification,
  ZCreateApplicant,
  ZGetAccessToken,
  ZUploadDocument,
  ZSubmitVerification,
];
