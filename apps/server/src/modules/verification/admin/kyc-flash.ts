/** The flash messages of the KYC review: codes only, never free text. */
import type { TFlashMessages } from '../../backoffice/index.ts';

export const KYC_FLASH: TFlashMessages = {
  ok: {
    kyc_approved: 'Verification approved: the player is verified.',
    kyc_rejected: 'Verification rejected; the player sees the reason.',
    kyc_document_accepted: 'Document accepted (recorded in the case’s history).',
    kyc_document_rejected: 'Document rejected with its reason (recorded in the case’s history).',
  },
  errors: {
    unavailable: 'The verification service is not available.',
    document_notFound:
      'That document is no longer current (the player uploaded a newer one): nothing changed.',
    kyc_not_pending: 'That verification is already decided (by you or another operator): nothing changed.',
  },
  // The review refuses by kind: no verification service installed, or a case already decided.
  codeOf: (error) => {
    if (error.type === 'ApplicationUnavailableException') return 'unavailable';
    if (
      error.type === 'AccessDeniedException' &&
      String(error.errorData.reason ?? '').startsWith('verification_')
    )
      return 'kyc_not_pending';
    return null;
  },
};
