/**
 * The verification status line: none, on verification, verified, or rejected with the reason, and whether new
 * documents are welcome (a retry) or the decision is final.
 */
import type { TVerificationStatus } from '@casino/contracts/calls/verification';
import { useTranslation } from '../../../lib/i18n-lite';

const LOOK: Record<TVerificationStatus, [key: string, fallback: string, colour: string]> = {
  none: [
    'profile.verification.statusNone',
    'Not verified yet',
    'bg-[var(--surface-hover)] text-[var(--text-strong)]',
  ],
  on_verification: [
    'profile.verification.onVerification',
    'Your documents are being checked',
    'bg-sky-500/15 text-sky-300',
  ],
  verified: [
    'profile.verification.verified',
    'Your identity is verified',
    'bg-emerald-500/15 text-emerald-400',
  ],
  rejected: ['profile.verification.rejected', 'Verification was rejected', 'bg-rose-500/15 text-rose-400'],
};

export function VerificationStatusBadge({
  status,
  reason,
  rejectType = null,
}: {
  status: TVerificationStatus;
  reason: string | null;
  /** A rejection's kind: 'retry' invites new documents, 'final' (Sumsub's RED + FINAL) does not. */
  rejectType?: 'final' | 'retry' | null;
}) {
  const { t } = useTranslation();
  const [key, fallback, colour] = LOOK[status];
  return (
    <div
      className={`rounded-xl px-4 py-3 text-sm font-semibold ${colour}`}
      role="status"
      data-testid="verification-status"
      data-status={status}
      data-reject-type={rejectType ?? undefined}
    >
      {t(key, { defaultValue: fallback })}
      {status === 'rejected' && reason && (
        <p className="mt-1 font-normal">
          {t('profile.verification.reason', { defaultValue: 'Reason' })}: {reason}
        </p>
      )}
      {status === 'rejected' && rejectType && (
        <p className="mt-1 font-normal">
          {rejectType === 'final'
            ? t('profile.verification.rejectedFinal', {
                defaultValue: 'This decision is final. Please contact support if you have questions.',
              })
            : t('profile.verification.resubmit', {
                defaultValue: 'Please send your documents again.',
              })}
        </p>
      )}
    </div>
  );
}
