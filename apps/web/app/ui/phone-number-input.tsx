/**
 * The phone number input of every form (spec §5 Phone): digits only, shown in the country's mask, and a pasted
 * international number picks its country by phone code. The profile's contacts and the registration form both
 * draw it, each with its own label, country select and error around it.
 */
import type { ClipboardEvent, InputHTMLAttributes } from 'react';
import { formatPhone, masksOf, readPhoneInput, type TPhoneCountry } from '../lib/phone';

export interface TPhoneChange {
  /** The national number, digits only. */
  digits: string;
  /** The country of the number: the current one, or the one a pasted international number belongs to. */
  country: TPhoneCountry | undefined;
}

type TProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'onPaste' | 'type'> & {
  /** The national number as held by the form (digits; a formatted value is read as its digits). */
  value: string;
  country: TPhoneCountry | undefined;
  countries: readonly TPhoneCountry[];
  onPhone: (change: TPhoneChange) => void;
};

export function PhoneNumberInput({ value, country, countries, onPhone, ...input }: TProps) {
  const masks = masksOf(country);
  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    onPhone(readPhoneInput(event.clipboardData.getData('text'), country, countries, true));
  };
  return (
    <input
      type="tel"
      inputMode="tel"
      autoComplete="tel-national"
      placeholder={masks[0]?.replace(/#/g, '0')}
      {...input}
      value={formatPhone(value.replace(/\D/g, ''), masks)}
      onPaste={onPaste}
      onChange={(event) =>
        onPhone({ digits: readPhoneInput(event.target.value, country, countries, false).digits, country })
      }
    />
  );
}

/** The site's countries as phone countries (the registration form has them without a call). */
export const toPhoneCountries = (
  countries: readonly { code: string; name: string; phone_code: string; mask: string | string[] }[],
): TPhoneCountry[] =>
  countries.map((c) => ({ country_code: c.code, phone_code: c.phone_code, name: c.name, mask: c.mask }));
