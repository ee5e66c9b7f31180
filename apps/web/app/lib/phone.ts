/** Phone masks of the country settings (`#` is a digit) and the paste rule of spec §5. */
import { matchPhoneCountry } from '@casino/contracts/validation';

export interface TPhoneCountry {
  country_code: string;
  phone_code: string;
  name: string;
  mask: string | string[];
}

export const masksOf = (country: TPhoneCountry | undefined): string[] =>
  country ? (Array.isArray(country.mask) ? country.mask : [country.mask]) : [];

/** The mask that fits the digit count best: the shortest one with room for every digit. */
export const formatPhone = (digits: string, masks: readonly string[]): string => {
  const clean = digits.replace(/\D/g, '');
  const mask =
    [...masks]
      .sort((a, b) => a.length - b.length)
      .find((m) => (m.match(/#/g) ?? []).length >= clean.length) ?? masks.at(-1);
  if (!mask) return clean;
  let out = '';
  let index = 0;
  for (const char of mask) {
    if (index >= clean.length) break;
    if (char === '#') out += clean[index++];
    else out += char;
  }
  return out + clean.slice(index);
};

/**
 * Typed or pasted text → the national digits and, when the text carries an international code, the
 * country it belongs to (spec §5: pasted text is reduced to digits and matched by phone code).
 */
export const readPhoneInput = (
  text: string,
  current: TPhoneCountry | undefined,
  countries: readonly TPhoneCountry[],
  isPaste: boolean,
): { country: TPhoneCountry | undefined; digits: string } => {
  const digits = text.replace(/\D/g, '');
  const international = text.trim().startsWith('+') || text.trim().startsWith('00');
  if (isPaste && (international || (current && digits.length > maxDigits(current)))) {
    const matched = matchPhoneCountry(international ? digits.replace(/^00/, '') : digits, countries);
    if (matched.country) return { country: matched.country, digits: matched.number };
  }
  return { country: current, digits };
};

const maxDigits = (country: TPhoneCountry) =>
  Math.max(0, ...masksOf(country).map((m) => (m.match(/#/g) ?? []).length));

/** A stored international phone (phone code + national number) → its national part. */
export const nationalPart = (value: string, country: TPhoneCountry | undefined) => {
  const code = country?.phone_code.replace(/\D/g, '') ?? '';
  const digits = value.replace(/\D/g, '');
  return code && digits.startsWith(code) ? digits.slice(code.length) : digits;
};
