/**
 * The identity verification dialog (spec §2): what is needed and the way to the verification page; with Sumsub,
 * its WebSDK right here (the withdrawal screen opens this on SumsubVerificationRequiredException, with the
 * externalActionId the token is bound to).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { useTranslation } from '../../../lib/i18n-lite';
import type { TPlaceProps } from '../../../ui/dialogs';
import { useLocaleHref } from '../../frame/use-site';
import { profileKeys, verificationQuery } from '../api/profile-api';
import { Button } from '../components/controls';
import { SumsubVerification } from '../components/sumsub-verification';
import { VerificationStatusBadge } from '../components/verification-status';

export default function VerificationDialog({ dialog, externalActionId }: TPlaceProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const localeHref = useLocaleHref();
  const queryClient = useQueryClient();
  const state = useQuery(verificationQuery());
  const sumsub =
    state.data?.provider === 'sumsub' &&
    state.data.status !== 'verified' &&
    state.data.reject_type !== 'final';
  return (
    <div className="flex flex-col gap-4 p-6" data-testid="verification-dialog">
      <h2 className="text-xl font-bold text-[var(--text-strong)]">
        {t('profile.verification.title', { defaultValue: 'Identity verification' })}
      </h2>
      {state.data && (
        <VerificationStatusBadge
          status={state.data.status}
          reason={state.data.reason}
          rejectType={state.data.reject_type}
        />
      )}
      {sumsub && (
        <SumsubVerification
          externalActionId={typeof externalActionId === 'string' ? externalActionId : ''}
          onStatusChange={() => void queryClient.invalidateQueries({ queryKey: profileKeys.verification })}
        />
      )}
      <p className="text-sm text-[var(--text-muted)]">
        {t('profile.verification.description', {
          defaultValue: 'To withdraw winnings we need to confirm your identity. It takes only a few minutes.',
        })}
      </p>
      {!sumsub && (
        <>
          <ul className="list-disc space-y-1 ps-5 text-sm text-[var(--text-strong)]">
            <li>
              {t('profile.verification.needId', { defaultValue: 'Both sides of an identity document' })}
            </li>
            <li>{t('profile.verification.needSelfie', { defaultValue: 'A selfie holding the document' })}</li>
            <li>
              {t('profile.verification.needAddress', {
                defaultValue: 'A proof of address from the last 3 months',
              })}
            </li>
          </ul>
          <Button
            onClick={() => {
              dialog.close();
              navigate(localeHref(paths.profile.verification));
            }}
          >
            {t('profile.verification.start', { defaultValue: 'Start verification' })}
          </Button>
        </>
      )}
    </div>
  );
}
