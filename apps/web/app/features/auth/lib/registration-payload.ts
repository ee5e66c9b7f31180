/** Builds the Registration payload of spec §3 from the form values. */
import { normaliseLogin } from '@casino/contracts/validation';

export interface TRegistrationValues {
  [field: string]: string | boolean | undefined;
  hasPromocode?: boolean;
  promo_code?: string;
  terms?: boolean;
  notify?: boolean;
  is_betting?: boolean;
}

/** Form-only values that never go to the server. */
const NOT_SENT = new Set(['hasPromocode', 'password_repeat']);

export const buildRegistrationPayload = (
  values: TRegistrationValues,
  context: { locale: string; formType: 'form' | 'fast'; withNotify: boolean; withBetting: boolean },
): Record<string, string> => {
  const payload: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) {
    if (NOT_SENT.has(key) || typeof value !== 'string') continue;
    const text = key === 'promo_code' ? value.trim() : value;
    if (text.trim() !== '') payload[key] = text;
  }
  if (!values.hasPromocode) delete payload.promo_code;
  if (payload.phone) payload.phone = payload.phone.replace(/\D/g, '');
  const login = String(values.login ?? '') || String(values.email ?? '') || (payload.phone ?? '');
  if (login.trim() !== '') payload.login = normaliseLogin(login);
  if (context.withNotify) payload.notify = values.notify ? '1' : '0';
  if (context.withBetting) payload.is_betting = values.is_betting ? '1' : '0';
  if (values.terms) payload.terms = '1';
  payload.locale = context.locale;
  payload.form_type = context.formType;
  if (context.formType === 'fast') payload.is_fast = '1';
  return payload;
};
