/**
 * Any API refusal (spec §8) in the player's words: errors.{type} of content/locales, else the generic line.
 * Forms use it for what their own field and business messages do not cover, so no refusal shows nothing.
 */
import type { TErrorType } from '@casino/contracts/errors';
import type { TFunction } from '../i18n-lite';
import { isApiError } from './client';

const REFUSALS: Record<TErrorType, [key: string, fallback: string]> = {
  UnknownErrorException: ['errors.UnknownErrorException', 'Something went wrong. Please try again later.'],
  ApplicationDisabledException: [
    'errors.ApplicationDisabledException',
    'The site is temporarily closed for maintenance.',
  ],
  MethodNotFoundException: ['errors.MethodNotFoundException', 'This action is not available.'],
  AuthorizationException: ['errors.AuthorizationException', 'Please sign in to continue.'],
  InvalidRequestException: ['errors.InvalidRequestException', 'The request could not be processed.'],
  InternalServerErrorException: [
    'errors.InternalServerErrorException',
    'Something went wrong on our side. Please try again later.',
  ],
  AccessDeniedException: ['errors.AccessDeniedException', 'You do not have access to this action.'],
  UserDeletedException: ['errors.UserDeletedException', 'This account has been closed.'],
  UserBannedException: [
    'errors.UserBannedException',
    'Your account has been blocked. Please contact support.',
  ],
  UserNeedDepositException: ['errors.UserNeedDepositException', 'Make a deposit to use this feature.'],
  UserNeedProfileDataException: [
    'errors.UserNeedProfileDataException',
    'Please complete your profile to continue.',
  ],
  UserNeedConfirmContactException: [
    'errors.UserNeedConfirmContactException',
    'Please confirm your email or phone number to continue.',
  ],
  ApplicationUnavailableException: [
    'errors.ApplicationUnavailableException',
    'The service is temporarily unavailable. Please try again later.',
  ],
  InvalidParameterException: ['errors.InvalidParameterException', 'Please check the highlighted fields.'],
  TooManyRequestsException: [
    'errors.TooManyRequestsException',
    'Too many attempts. Please wait a little and try again.',
  ],
  BillingServiceErrorException: [
    'errors.BillingServiceErrorException',
    'The payment could not be processed. Please try again.',
  ],
  BillingTransactionDeclinedException: [
    'errors.BillingTransactionDeclinedException',
    'The payment was declined.',
  ],
  BillingUnavailableException: [
    'errors.BillingUnavailableException',
    'Payments are temporarily unavailable. Please try again later.',
  ],
  BillingDepositLimitExceededException: [
    'errors.BillingDepositLimitExceededException',
    'This deposit exceeds your deposit limit.',
  ],
  WithdrawalDeclinedException: ['errors.WithdrawalDeclinedException', 'The withdrawal was declined.'],
  WithdrawalLimitsExceededException: [
    'errors.WithdrawalLimitsExceededException',
    'The amount is outside the withdrawal limits.',
  ],
  WithdrawalLimitsPeriodExceededException: [
    'errors.WithdrawalLimitsPeriodExceededException',
    'You have reached the withdrawal limit for this period.',
  ],
  KycUserProfileException: [
    'errors.KycUserProfileException',
    'Please complete your profile before withdrawing.',
  ],
  KycWithdrawalException: [
    'errors.KycWithdrawalException',
    'Please verify your identity before withdrawing.',
  ],
  StorageQuotaExceededException: [
    'errors.StorageQuotaExceededException',
    'Your saved settings take too much space.',
  ],
  SumsubVerificationRequiredException: [
    'errors.SumsubVerificationRequiredException',
    'Identity verification is required.',
  ],
  RequisitesOnVerificationException: [
    'errors.RequisitesOnVerificationException',
    'Your payment details are being verified.',
  ],
  RequisitesValidationRequiredException: [
    'errors.RequisitesValidationRequiredException',
    'Your payment details need to be verified.',
  ],
  RequisitesFraudulentException: [
    'errors.RequisitesFraudulentException',
    'These payment details cannot be used.',
  ],
};

/** AccessDeniedException carries a reason (responsible gaming, a feature switched off): say which. */
const DENIALS: Record<string, [key: string, fallback: string]> = {
  self_excluded: ['errors.denied.selfExcluded', 'Your account is self-excluded or on a time-out.'],
  session_limit_reached: ['errors.denied.sessionLimit', 'You have reached your session time limit.'],
  loss_limit_exceeded: ['errors.denied.lossLimit', 'This would exceed your loss limit.'],
  feature_disabled: ['errors.denied.featureDisabled', 'This feature is switched off.'],
};

const GENERIC: [string, string] = ['errors.generic', 'Something went wrong. Please try again.'];

/** The message of a refusal known by its type and error_data. */
export const refusalOfType = (t: TFunction, type: string, data: Record<string, unknown> = {}): string => {
  const denial = type === 'AccessDeniedException' ? DENIALS[String(data.reason)] : undefined;
  const [key, fallback] = denial ?? REFUSALS[type as TErrorType] ?? GENERIC;
  return t(key, { defaultValue: fallback });
};

export const refusalMessage = (t: TFunction, error: unknown): string => {
  if (isApiError(error)) return refusalOfType(t, error.type, error.data);
  // fetch rejects with a TypeError when the network is down; anything else is ours.
  if (error instanceof TypeError)
    return t('errors.network', { defaultValue: 'No connection. Check your internet and try again.' });
  return t(GENERIC[0], { defaultValue: GENERIC[1] });
};

/**
 * Server field codes for fields the form does not show (a method gone, a parameter the page never sends) have
 * no place to appear: they get one general line instead of nothing.
 */
export const unmatchedFieldsMessage = (
  t: TFunction,
  invalid: Record<string, string>,
  shown: readonly string[],
): string | null =>
  Object.keys(invalid).some((key) => !shown.includes(key))
    ? t('errors.unmatchedField', {
        defaultValue: 'This could not be accepted. Please reload the page and try again.',
      })
    : null;
