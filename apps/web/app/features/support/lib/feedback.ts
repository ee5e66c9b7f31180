/** The feedback form's rules (the same as Support.sendFeedback's) and how its answer maps to messages. */
import { email as emailRule } from '@casino/contracts/validation';
import { isApiError } from '../../../lib/api/client';

export const MESSAGE_MAX = 5000;

/** The signed-in player's e-mail to prefill: their e-mail contact, else a login that is an e-mail. */
export const playerEmail = (
  login: string | undefined,
  contacts: readonly { type: string; value: string }[],
) => contacts.find((c) => c.type === 'email' && c.value)?.value ?? (login && !emailRule(login) ? login : '');

export interface TFeedbackValues {
  email: string;
  message: string;
}

export type TFeedbackErrors = Partial<Record<keyof TFeedbackValues, string>>;

/** Field codes of spec §5 (a visitor must give an e-mail; a player's own is used). */
export const validateFeedback = (values: TFeedbackValues, signedIn: boolean): TFeedbackErrors => {
  const errors: TFeedbackErrors = {};
  const message = values.message.trim();
  if (!message) errors.message = 'requiredField';
  else if (message.length > MESSAGE_MAX) errors.message = 'maxLength';
  const email = values.email.trim();
  if (!email) {
    if (!signedIn) errors.email = 'insertEmailAddress';
  } else {
    const failure = emailRule(email);
    if (failure) errors.email = failure;
  }
  return errors;
};

export type TFeedbackOutcome =
  | { kind: 'fields'; errors: TFeedbackErrors }
  | { kind: 'tooMany' }
  | { kind: 'failed' };

/** What a refused send means for the form. */
export const feedbackFailure = (error: unknown): TFeedbackOutcome => {
  if (isApiError(error, 'InvalidParameterException')) {
    const fields = error.invalidParameters;
    const errors: TFeedbackErrors = {};
    if (fields.email) errors.email = fields.email;
    if (fields.message) errors.message = fields.message;
    if (Object.keys(errors).length > 0) return { kind: 'fields', errors };
  }
  if (isApiError(error, 'TooManyRequestsException')) return { kind: 'tooMany' };
  return { kind: 'failed' };
};
