import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TContact } from '@casino/contracts/calls/account';
import { COUNTRIES, personalDataFields } from '@casino/contracts/countries';
import { describe, expect, it } from 'vitest';
import { formatAmount, formatDuration } from '../../../lib/format';
import { createI18n } from '../../../lib/i18n.ts';
import { formatPhone, nationalPart, readPhoneInput } from '../../../lib/phone.ts';
import { checkField, maskDate, toShownDate } from './field-rules.ts';
import {
  CONFIRMATION_HINT_SECONDS,
  loginContact,
  REGISTRATION_HINT_SECONDS,
  showConfirmationHint,
  showRegistrationHint,
} from './hints.ts';
import { kindOfField, profileFieldMessage } from './messages.ts';
import { isFlagOn, sectionOfPath, visibleSections } from './sections.ts';
import { checkFile } from './upload.ts';

const common = JSON.parse(
  readFileSync(join(import.meta.dirname, '../../../../../../content/locales/en/common.json'), 'utf8'),
);
const t = createI18n('en', { common }).t;
const phones = COUNTRIES.map((c) => ({
  country_code: c.code,
  phone_code: c.phone_code,
  name: c.name,
  mask: c.mask,
}));
const france = phones.find((c) => c.country_code === 'FR');
const fieldOf = (sysname: string, country = 'FR') => {
  const found = personalDataFields(country).find((d) => d.sysname === sysname);
  if (!found) throw new Error(`no field ${sysname}`);
  return found;
};

describe('registration and confirmation hints (spec §4, §9)', () => {
  const regTime = 1_800_000_000;
  it('shows the registration hint for 2 hours while there is no deposit', () => {
    expect(
      showRegistrationHint({ regTime, now: regTime + REGISTRATION_HINT_SECONDS - 1, depositCount: 0 }),
    ).toBe(true);
    expect(showRegistrationHint({ regTime, now: regTime + REGISTRATION_HINT_SECONDS, depositCount: 0 })).toBe(
      false,
    );
    expect(showRegistrationHint({ regTime, now: regTime + 60, depositCount: 1 })).toBe(false);
    expect(showRegistrationHint({ regTime, now: regTime + 60, depositCount: undefined })).toBe(false);
  });

  it('shows the confirmation hint for 5 days while the login contact is unconfirmed and no code was sent', () => {
    const contacts: TContact[] = [
      { type: 'phone', value: '33612345678', is_confirmed: true, is_subscribed: true },
      { type: 'email', value: 'a@b.co', is_confirmed: false, is_subscribed: true },
    ];
    const contact = loginContact('a@b.co', contacts);
    expect(contact?.type).toBe('email');
    const base = { regTime, contact, confirmSent: false };
    expect(showConfirmationHint({ ...base, now: regTime + CONFIRMATION_HINT_SECONDS - 1 })).toBe(true);
    expect(showConfirmationHint({ ...base, now: regTime + CONFIRMATION_HINT_SECONDS })).toBe(false);
    expect(showConfirmationHint({ ...base, now: regTime + 10, confirmSent: true })).toBe(false);
    expect(loginContact('33612345678', contacts)?.type).toBe('phone');
    expect(
      showConfirmationHint({ ...base, contact: loginContact('33612345678', contacts), now: regTime + 10 }),
    ).toBe(false);
  });
});

describe('phone input (spec §5)', () => {
  it('formats digits by the country mask', () => {
    expect(formatPhone('612345678', ['# ## ## ## ##'])).toBe('6 12 34 56 78');
    expect(formatPhone('6123', ['# ## ## ## ##'])).toBe('6 12 3');
    expect(formatPhone('1234567', [])).toBe('1234567');
  });

  it('reduces a pasted international number to digits and matches its country by phone code', () => {
    const pasted = readPhoneInput('+49 (151) 2345-6789', france, phones, true);
    expect(pasted.country?.country_code).toBe('DE');
    expect(pasted.digits).toBe('15123456789');
    const typed = readPhoneInput('6 12 34', france, phones, false);
    expect(typed).toEqual({ country: france, digits: '61234' });
  });

  it('answers the national part of a stored international phone', () => {
    expect(nationalPart('33612345678', france)).toBe('612345678');
  });
});

describe('personal data rules (spec §5) with the player-facing messages', () => {
  it('checks names, dates, postcodes and required fields as the server does', () => {
    expect(checkField(fieldOf('first_name'), 'Marie2')).toBe('wrongField');
    expect(checkField(fieldOf('first_name'), '')).toBe('requiredField');
    expect(checkField(fieldOf('middle_name', 'US'), '')).toBeNull();
    expect(checkField(fieldOf('birth_date'), '07.11.1967')).toBeNull();
    expect(checkField(fieldOf('birth_date'), '31.02.1990')).toBe('wrongDate');
    // Under the minimum age: its own code and message (issue 41); the operator's age when given.
    expect(checkField(fieldOf('birth_date'), '01.01.2020', { today: new Date('2026-01-01') })).toBe(
      'underAge',
    );
    expect(checkField(fieldOf('birth_date'), '01.01.2030', { today: new Date('2026-01-01') })).toBe(
      'wrongDate',
    );
    expect(
      checkField(fieldOf('birth_date'), '01.01.2006', { today: new Date('2026-01-01'), minimumAge: 21 }),
    ).toBe('underAge');
    expect(checkField(fieldOf('birth_date'), '01.01.2006', { today: new Date('2026-01-01') })).toBeNull();
    // The validator config's earliest year (birth_date minYear).
    expect(checkField(fieldOf('birth_date'), '07.11.1947', { minYear: 1950 })).toBe('wrongDate');
    expect(checkField(fieldOf('birth_date'), '07.11.1947')).toBeNull();
    expect(checkField(fieldOf('postcode'), '75005')).toBeNull();
    expect(checkField(fieldOf('postcode'), '7500')).toBe('wrongField');
    expect(checkField(fieldOf('document_type'), 'nope')).toBe('wrongField');
  });

  it('masks and shows dates as dd.mm.yyyy', () => {
    expect(maskDate('07111967')).toBe('07.11.1967');
    expect(maskDate('0711')).toBe('07.11');
    expect(toShownDate('1967-11-07')).toBe('07.11.1967');
  });

  it('words codes with the common.fieldsValidatorErrors messages', () => {
    expect(profileFieldMessage(t, 'requiredField')).toBe('Field is required');
    expect(profileFieldMessage(t, 'wrongField', kindOfField('first_name'))).toBe('Wrong symbols in name');
    expect(profileFieldMessage(t, 'wrongField', kindOfField('postcode'))).toBe('Wrong format');
    expect(profileFieldMessage(t, 'wrongEmailAddress')).toBe('Wrong email address');
    expect(profileFieldMessage(t, 'wrongPhoneFormat')).toBe('Wrong phone number');
    expect(profileFieldMessage(t, 'minCountSymbolsFakename')).toBe('Min length is 4');
    expect(profileFieldMessage(t, 'specialSymbolsFakename')).toBe('Wrong fake name');
    expect(profileFieldMessage(t, 'passwordsNotEqual')).toBe('Values do not match');
    expect(profileFieldMessage(t, 'wrongDate')).toBe('Wrong date');
    expect(profileFieldMessage(t, 'underAge')).toBe('You must be at least 18 years old to register');
    // The server's password policy: a common password, and a minimum the operator raised.
    expect(profileFieldMessage(t, 'commonPassword')).toBe(
      'This password is one of the most common ones: choose another',
    );
    expect(profileFieldMessage(t, 'shortPassword', 'text', { min: 10 })).toBe('Min length is 10');
    // A nickname too long (changefakename) names the limit.
    expect(profileFieldMessage(t, 'maxLength', 'text', { max: 32 })).toBe('Max length is 32');
  });
});

describe('feature flags (spec §3)', () => {
  it('drops the sections whose flag is off; a missing flag counts as on', () => {
    const ids = (flags: Record<string, boolean>) => visibleSections(flags).map((s) => s.id);
    expect(ids({})).toContain('verification');
    const off = ids({
      isVerificationEnable: false,
      isResponsibleGamingEnable: false,
      isBetHistoryEnable: false,
    });
    expect(off).not.toContain('verification');
    expect(off).not.toContain('responsible-game');
    expect(off).not.toContain('bets');
    expect(off).toContain('settings');
    expect(isFlagOn({ isTwoFAEnable: false }, 'isTwoFAEnable')).toBe(false);
    expect(sectionOfPath('/es/profile/responsible-game')).toBe('responsible-game');
  });
});

describe('documents and money', () => {
  it('refuses a wrong type or size before upload', () => {
    expect(checkFile('id_front', { type: 'image/png', size: 1000 })).toBeNull();
    expect(checkFile('id_front', { type: 'application/pdf', size: 1000 })).toBe('type');
    expect(checkFile('proof_of_address', { type: 'application/pdf', size: 1000 })).toBeNull();
    expect(checkFile('selfie', { type: 'image/jpeg', size: 9 * 1024 * 1024 })).toBe('size');
    expect(checkFile('selfie', { type: 'image/jpeg', size: 0 })).toBe('size');
  });

  it('shows money with thousands commas and 2 decimals, and session time as H:MM:SS (the site formatter)', () => {
    expect(formatAmount(1234.5, 'USD')).toBe('$1,234.50');
    expect(formatAmount(-20, 'USD')).toBe('-$20.00');
    expect(formatAmount(null, 'USD')).toBe('—');
    expect(formatDuration(3725)).toBe('1:02:05');
  });
});
