/**
 * A promo code refusal in the player's words: common.promoCodeErrors.{code} (spec §5), falling back to INVALID for
 * a code the site does not know. EXCLUDED is the site's own: the server refuses every code while a time-out or
 * self-exclusion lasts (AccessDeniedException, reason self_excluded; issue 36).
 */
import { isApiError } from '../../../lib/api/client';
import type { TFunction } from '../../../lib/i18n-lite';

const FALLBACKS: Record<string, string> = {
  INVALID: 'This promo code is not valid',
  EXPIRED: 'This promo code has expired',
  USED: 'You have already used this promo code',
  LIMIT: 'This promo code has been used up',
  NOT_ELIGIBLE: 'This promo code is not available for your account',
  EXCLUDED: 'Promo codes cannot be used during a time-out or self-exclusion',
};

/** The refusal code of a failed check or activation, or null when the failure is not a refusal of the code. */
export const promoRefusalCode = (error: unknown): string | null => {
  if (isApiError(error, 'InvalidParameterException')) return error.invalidParameters.promo_code ?? 'INVALID';
  if (isApiError(error, 'AccessDeniedException') && error.data.reason === 'self_excluded') return 'EXCLUDED';
  return null;
};

export const promoCodeMessage = (t: TFunction, code: string | undefined) => {
  const known = code && code in FALLBACKS ? code : 'INVALID';
  return t(`common.promoCodeErrors.${known}`, { defaultValue: FALLBACKS[known] });
};
