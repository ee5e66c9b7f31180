/** Reading the server's errors for the popup: field errors, the two-factor step and 2FA messages. */
import { type ApiError, isApiError } from '../../../lib/api/client.ts';

/** The server names the phone `mobile` where the form says `phone`, and the other way round (spec §5). */
export const swapPhoneKey = (key: string) => (key === 'phone' ? 'mobile' : key === 'mobile' ? 'phone' : key);

/**
 * Maps `invalid_parameters` onto the form's fields. A key with no field of that name after the swap tries
 * its own name; what still has no field is answered in `unmatched` (for the general notice).
 */
export const mapInvalidParameters = (
  invalid: Record<string, string> | undefined,
  fieldNames: readonly string[],
): { fields: Record<string, string>; unmatched: Record<string, string> } => {
  const fields: Record<string, string> = {};
  const unmatched: Record<string, string> = {};
  for (const [key, code] of Object.entries(invalid ?? {})) {
    const swapped = swapPhoneKey(key);
    if (fieldNames.includes(swapped)) fields[swapped] = code;
    else if (fieldNames.includes(key)) fields[key] = code;
    else unmatched[key] = code;
  }
  return { fields, unmatched };
};

export const invalidParametersOf = (error: unknown): Record<string, string> | undefined =>
  isApiError(error) ? (error.data.invalid_parameters as Record<string, string> | undefined) : undefined;

/** The trailing number of a 2FA message (`…resend in 27`) or the explicit resend_time, in seconds. */
export const resendSecondsOf = (error: ApiError): number | null => {
  const explicit = Number(error.data.resend_time);
  if (Number.isFinite(explicit) && error.data.resend_time !== undefined) return Math.max(0, explicit);
  const match = /(\d+)\s*$/.exec(String(error.data.message ?? ''));
  return match ? Number(match[1]) : null;
};

/** An authorization error that says two-factor is on or gives a resend time moves the popup to twofa. */
export const isTwoFactorRequired = (error: unknown): error is ApiError => {
  if (!isApiError(error, 'AuthorizationException')) return false;
  const message = String(error.data.message ?? error.data.code ?? '').toLowerCase();
  return (
    /two[_\s-]?factor|2fa/.test(message) || error.data.resend_time !== undefined || /resend/.test(message)
  );
};

export type TTwoFactorMessage =
  | 'codeDigits'
  | 'timeExpired'
  | 'codeInvalid'
  | 'alreadyEnabled'
  | 'somethingWrong';

/** The 2FA error messages of spec §5/§8, otherwise a generic one under the code field. */
export const twoFactorMessageOf = (error: unknown): TTwoFactorMessage => {
  if (!isApiError(error)) return 'somethingWrong';
  const invalid = invalidParametersOf(error)?.code;
  if (invalid === 'wrongCode') return 'codeDigits';
  const text = `${error.data.code ?? ''} ${error.data.message ?? ''}`.toLowerCase();
  if (/digit/.test(text)) return 'codeDigits';
  if (/expired/.test(text)) return 'timeExpired';
  if (/already/.test(text)) return 'alreadyEnabled';
  if (/invalid|wrong/.test(text)) return 'codeInvalid';
  return 'somethingWrong';
};
