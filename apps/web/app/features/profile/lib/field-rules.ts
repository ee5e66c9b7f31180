/**
 * The §5 rule for each personal-data field definition, the same functions the server runs
 * (save-profile-info on the server checks again and has the last word).
 */
import { isValidCpf } from '@casino/contracts/countries';
import * as rules from '@casino/contracts/validation';

export interface TFieldDef {
  sysname: string;
  type: string;
  params: { is_required: boolean; is_visible: boolean };
  options: { mask?: string | string[]; list?: { value: string; label: string }[]; regex?: string };
}

export const MIN_BIRTH_YEAR = 1900;

/** The field code of a value, or null when valid; `documentType` for the cpf rule. */
export const checkField = (
  def: TFieldDef,
  value: string,
  context: { documentType?: string; today?: Date; minimumAge?: number; minYear?: number } = {},
): rules.TFieldCode | null => {
  const v = value.trim();
  if (v === '') return def.params.is_required ? 'requiredField' : null;
  if (v.length > 100) return 'maxLength';
  const regexRule = def.options.regex ? rules.pattern(new RegExp(def.options.regex)) : null;
  switch (def.sysname) {
    case 'first_name':
    case 'middle_name':
    case 'last_name':
      return rules.name(v);
    case 'home_town':
    case 'address':
      return rules.address(v);
    case 'birth_date':
      // Under the minimum age (the operator's, 18 unless it says otherwise): its own message (issue 41).
      return rules.birthDate({
        now: context.today ?? new Date(),
        minYear: context.minYear ?? MIN_BIRTH_YEAR,
        ...(context.minimumAge === undefined ? {} : { minimumAge: context.minimumAge }),
      })(v);
    case 'postcode':
      return rules.postcode(def.options.regex ? new RegExp(def.options.regex) : undefined)(v);
    case 'document_number':
      if (context.documentType === 'cpf') return isValidCpf(v) ? null : 'wrongField';
      return /^[\p{L}\d .-]{3,30}$/u.test(v) ? null : 'wrongField';
  }
  if (def.type === 'select' || def.type === 'region') {
    const list = def.options.list ?? [];
    if (list.length > 0 && !list.some((o) => o.value === v)) return 'wrongField';
  }
  return regexRule ? regexRule(v) : null;
};

/** `yyyy-mm-dd` (stored) → `dd.mm.yyyy` (shown, spec §9). */
export const toShownDate = (iso: string) => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return match ? `${match[3]}.${match[2]}.${match[1]}` : iso;
};

/** Digits typed into a `##.##.####` date field, dots added as the player types. */
export const maskDate = (text: string) => {
  const digits = text.replace(/\D/g, '').slice(0, 8);
  return [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4, 8)].filter(Boolean).join('.');
};
