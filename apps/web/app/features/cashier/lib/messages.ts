/**
 * Field codes of spec §5 as messages (keys under common.fieldsValidatorErrors, the defaults of §5), and the
 * cashier's business errors of §8 as the withdrawal and deposit screens show them.
 */
import { refusalOfType } from '../../../lib/api/refusal';
import { formatAmount } from '../../../lib/format';
import type { TFunction } from '../../../lib/i18n-lite';

const FIELD_MESSAGES: Record<string, [string, string]> = {
  requiredField: ['required', 'Field is required'],
  wrongField: ['wrongField', 'Wrong value'],
  wrongCardNumber: ['cardNumber', 'Wrong card number'],
  wrongIban: ['iban', 'Wrong iban'],
  wrongEmailAddress: ['email', 'Wrong email address'],
  insertEmailAddress: ['required', 'Field is required'],
  notFound: ['notFound', 'Not found'],
};

export const fieldMessage = (
  t: TFunction,
  code: string,
  context: { min?: number; max?: number; currency?: string } = {},
): string => {
  if (code === 'sumError') {
    const min = context.min !== undefined ? formatAmount(context.min, context.currency) : '';
    const max = context.max !== undefined ? formatAmount(context.max, context.currency) : '';
    return t('common.fieldsValidatorErrors.sumError', {
      defaultValue: 'Enter an amount from {min} to {max}',
      min,
      max,
    });
  }
  const [key, fallback] = FIELD_MESSAGES[code] ?? ['wrongField', 'Wrong value'];
  return t(`common.fieldsValidatorErrors.${key}`, { defaultValue: fallback });
};

/** The §8 types the cashier explains in words. */
export const cashierErrorMessage = (
  t: TFunction,
  type: string,
  data: Record<string, unknown>,
  currency = 'USD',
) => {
  const amount = (key: string) =>
    typeof data[key] === 'number' ? formatAmount(data[key] as number, currency) : '';
  switch (type) {
    case 'WithdrawalLimitsExceededException':
      return t('cashier.errors.withdrawalLimits', {
        defaultValue: 'A single withdrawal can be from {min} to {max}.',
        min: amount('min_amount'),
        max: amount('max_amount'),
      });
    case 'WithdrawalLimitsPeriodExceededException':
      return t('cashier.errors.withdrawalPeriodLimits', {
        defaultValue:
          'This exceeds your {period} withdrawal limit of {limit}. You can still withdraw {available}.',
        period: data.period === 'week' ? 'weekly' : 'daily',
        limit: amount('limit_amount'),
        available: amount('available_amount'),
      });
    case 'WithdrawalDeclinedException':
      return data.reason === 'insufficient_funds'
        ? t('cashier.errors.insufficientFunds', { defaultValue: 'Not enough money on your main balance.' })
        : t('cashier.errors.withdrawalDeclined', { defaultValue: 'The withdrawal was declined.' });
    case 'UserNeedConfirmContactException':
      return t('cashier.errors.confirmContact', {
        defaultValue: 'Confirm your e-mail or phone before you withdraw.',
      });
    case 'KycWithdrawalException':
    case 'SumsubVerificationRequiredException':
      return t('cashier.errors.kyc', {
        defaultValue: 'Verify your identity to withdraw this amount.',
      });
    case 'BillingDepositLimitExceededException':
      return t('cashier.errors.depositLimit', {
        defaultValue: 'This deposit would exceed your deposit limit. You can deposit up to {available} now.',
        available: amount('available_amount'),
      });
    case 'BillingUnavailableException':
    case 'BillingServiceErrorException':
      return t('cashier.errors.billingUnavailable', {
        defaultValue: 'Payments are temporarily unavailable. Please try again in a few minutes.',
      });
    case 'BillingTransactionDeclinedException':
      return data.reason === 'not_cancellable'
        ? t('cashier.errors.notCancellable', { defaultValue: 'This payment can no longer be cancelled.' })
        : t('cashier.errors.declined', { defaultValue: 'The payment was declined.' });
    case 'TooManyRequestsException':
      return t('cashier.errors.tooMany', { defaultValue: 'Too many attempts. Please wait a moment.' });
    default:
      return refusalOfType(t, type, data);
  }
};
