/**
 * A promo code refusal in the player's words: common.promoCodeErrors.{code} (spec §5), falling back to INVALID for
 * a code the site does not know.
 */
import type { TFunction } from 'i18next';

const FALLBACKS: Record<string, string> = {
  INVALID: 'This promo code is not valid',
  EXPIRED: 'This promo code has expired',
  USED: 'You have already used this promo code',
  LIMIT: 'This promo code has been used up',
  NOT_ELIGIBLE: 'This promo code is not available for your account',
};

export const promoCodeMessage = (t: TFunction, code: string | undefined) => {
  const known = code && code in FALLBACKS ? code : 'INVALID';
  return t(`common.promoCodeErrors.${known}`, { defaultValue: FALLBACKS[known] });
};
