import { describe, expect, it } from 'vitest';
import * as r from './validation.ts';

describe('§5 validation rules', () => {
  it('required: blank after trimming is requiredField', () => {
    expect(r.required('')).toBe('requiredField');
    expect(r.required('   ')).toBe('requiredField');
    expect(r.required('x')).toBeNull();
  });

  it('optional: an empty optional field passes, a required one does not', () => {
    expect(r.optional(r.name, false)('')).toBeNull();
    expect(r.optional(r.name, true)('')).toBe('requiredField');
    expect(r.optional(r.name, false)('J0hn')).toBe('wrongField');
  });

  it('name: no digits and none of the listed symbols', () => {
    expect(r.name('')).toBe('requiredField');
    expect(r.name('Anne-Marie O’Neil')).toBeNull();
    expect(r.name('Zoë')).toBeNull();
    for (const bad of [
      'John2',
      'a@b',
      'x_y',
      'a"b',
      'hi!',
      'q?',
      'a#',
      'a$',
      'a%',
      'a^',
      'a&',
      'a*',
      'a(',
      'a)',
      'a{',
      'a}',
      'a[',
      'a]',
      'a|',
      'a/',
      'a\\',
      'a<',
      'a>',
      'a~',
      'a§',
      'a+',
      'a:',
      'a;',
      'a`',
    ])
      expect(r.name(bad), bad).toBe('wrongField');
  });

  it('address: digits, | and / allowed, other symbols not', () => {
    expect(r.address('')).toBe('requiredField');
    expect(r.address('12/3 Baker Street | Flat 4')).toBeNull();
    expect(r.address('Main St #5')).toBe('wrongField');
    expect(r.address('a<b')).toBe('wrongField');
  });

  it('email: required, then name@domain with 1 or 2 dotted parts and no whitespace', () => {
    expect(r.email('')).toBe('insertEmailAddress');
    expect(r.email('a@b.com')).toBeNull();
    expect(r.email('a.b@c.co.uk')).toBeNull();
    expect(r.email('a@b.c.d.e')).toBe('wrongEmailAddress');
    expect(r.email('a@b')).toBe('wrongEmailAddress');
    expect(r.email('a b@c.com')).toBe('wrongEmailAddress');
    expect(r.email('ab.com')).toBe('wrongEmailAddress');
  });

  it('password (form): insertPassword, useSpace, notWalidPassword with the offending characters, shortPassword, longPassword', () => {
    expect(r.password('')).toBe('insertPassword');
    expect(r.password('abc def1')).toBe('useSpace');
    expect(r.password('pässwörd1')).toBe('notWalidPassword');
    expect(r.offendingPasswordCharacters('pässwörd1ä')).toEqual(['ä', 'ö']);
    expect(r.password('abc12')).toBe('shortPassword');
    expect(r.password('abc123')).toBeNull();
    expect(r.password('a'.repeat(20))).toBeNull();
    expect(r.password('a'.repeat(21))).toBe('longPassword');
    expect(r.passwordRepeat('abc123')('abc124')).toBe('passwordsNotEqual');
    expect(r.passwordRepeat('abc123')('abc123')).toBeNull();
  });

  it('phone: insertPhoneNumber, wrongPhoneFormat, digit count by the country mask', () => {
    expect(r.phone()('')).toBe('insertPhoneNumber');
    expect(r.phone()('12ab5678')).toBe('wrongPhoneFormat');
    expect(r.phone()('123456')).toBe('wrongPhoneFormat');
    expect(r.phone()('+1 (555) 123-4567')).toBeNull();
    expect(r.phone('### ### ####')('5551234567')).toBeNull();
    expect(r.phone('### ### ####')('555123456')).toBe('wrongPhoneFormat');
    expect(r.phone(['#### ####', '### ### ####'])('12345678')).toBeNull();
  });

  it('matches a pasted phone to the country with the longest phone code', () => {
    const countries = [
      { code: 'US', phone_code: '+1' },
      { code: 'AG', phone_code: '+1268' },
      { code: 'GB', phone_code: '+44' },
    ];
    expect(r.matchPhoneCountry('+1 268 555 0100', countries)).toEqual({
      country: countries[1],
      number: '5550100',
    });
    expect(r.matchPhoneCountry('+44 20 7946 0958', countries).country?.code).toBe('GB');
    expect(r.matchPhoneCountry('999', countries).country).toBeUndefined();
  });

  it('numeric code: required, digits only, exactly 6', () => {
    expect(r.code('')).toBe('requiredField');
    expect(r.code('12345')).toBe('wrongCode');
    expect(r.code('12345a')).toBe('wrongCode');
    expect(r.code('1234567')).toBe('wrongCode');
    expect(r.code('123456')).toBeNull();
  });

  it('fakename: at least 4 characters and no comma, underscore, space, quotes, dash or special symbols', () => {
    expect(r.fakename('abc')).toBe('minCountSymbolsFakename');
    expect(r.fakename('Lucky7')).toBeNull();
    for (const bad of ['luc,ky', 'luc_ky', 'luc ky', 'luc"ky', "luc'ky", 'luc-ky', 'luc!ky', 'luc@ky'])
      expect(r.fakename(bad), bad).toBe('specialSymbolsFakename');
  });

  it("password: the minimum the validator config raises, between the spec's 6 and 20", () => {
    expect(r.passwordWithMin(10)('kx7-wq2p')).toBe('shortPassword');
    expect(r.passwordWithMin(10)('kx7-wq2p-z')).toBeNull();
    expect(r.passwordWithMin(10)('')).toBe('insertPassword');
    const config = (min: unknown) => [
      { field: 'email', rules: ['email'] },
      { field: 'password', params: { min } },
    ];
    expect(r.passwordMinOf(config(10))).toBe(10);
    expect(r.passwordMinOf(config(3))).toBe(r.PASSWORD_MIN);
    expect(r.passwordMinOf(config(64))).toBe(r.PASSWORD_MAX);
    for (const nonsense of ['10', 7.5, null, undefined, true])
      expect(r.passwordMinOf(config(nonsense)), String(nonsense)).toBe(r.PASSWORD_MIN);
    expect(r.passwordMinOf(undefined)).toBe(r.PASSWORD_MIN);
    expect(r.passwordMinOf([{ field: 'password' }])).toBe(r.PASSWORD_MIN);
    expect(r.isFieldCode('commonPassword')).toBe(true);
  });

  it('fakename: at most 32 characters, visible letters, marks and digits only', () => {
    for (const good of [
      'LuckyOwl',
      'Zoë2024',
      'José',
      'Ødegaard',
      'Владимир',
      '李小龍龍',
      'المحظوظ',
      'नमस्ते',
      'étoile',
      'e\u0301toile',
    ])
      expect(r.fakename(good), good).toBeNull();
    expect(r.fakename('A'.repeat(r.FAKENAME_MAX))).toBeNull();
    expect(r.fakename('A'.repeat(r.FAKENAME_MAX + 1))).toBe('maxLength');
    expect(r.fakename('A'.repeat(20_000))).toBe('maxLength');
    // Counted in characters, not UTF-16 units: 32 astral letters pass.
    expect(r.fakename('\u{1D400}'.repeat(r.FAKENAME_MAX))).toBeNull();
    const invisible = {
      'zero-width space': '\u200B',
      'right-to-left override': '\u202E',
      'left-to-right isolate': '\u2066',
      'pop directional isolate': '\u2069',
      'right-to-left mark': '\u200F',
      'soft hyphen': '\u00AD',
      'word joiner': '\u2060',
      'byte order mark': '\uFEFF',
      'a control character': '\u0007',
      DEL: '\u007F',
      'line separator': '\u2028',
      'paragraph separator': '\u2029',
      'variation selector 16': '\uFE0F',
      'variation selector 1': '\uFE00',
      'variation selector 17': '\u{E0100}',
      'tag latin A': '\u{E0041}',
      'combining grapheme joiner': '\u034F',
      'Hangul filler': '\u3164',
      'halfwidth Hangul filler': '\uFFA0',
      'Mongolian vowel separator': '\u180E',
      'no-break space': '\u00A0',
      'ideographic space': '\u3000',
      'a private-use character': '\uE000',
      'an unpaired surrogate': '\uD800',
    };
    for (const [what, char] of Object.entries(invisible))
      expect(r.fakename(`Lucky${char}Owl`), what).toBe('specialSymbolsFakename');
    // Marks belong on a letter: not first, and not piled up (Zalgo text).
    expect(r.fakename('\u0301Lucky')).toBe('specialSymbolsFakename');
    expect(r.fakename('Lu\u0301\u0302\u0303\u0304cky')).toBe('specialSymbolsFakename');
    for (const symbol of ['€', '©', '™', '→', '★', '∑', '«', '¿'])
      expect(r.fakename(`Lucky${symbol}`), symbol).toBe('specialSymbolsFakename');
  });

  it('postcode: up to 8 digits by default, or a custom regex', () => {
    expect(r.postcode()('12345678')).toBeNull();
    expect(r.postcode()('')).toBeNull();
    expect(r.postcode()('123456789')).toBe('wrongField');
    expect(r.postcode()('AB1')).toBe('wrongField');
    expect(r.postcode(/^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/)('SW1A 1AA')).toBeNull();
  });

  it("card holder: letters, spaces and . ' - only", () => {
    expect(r.cardHolder('')).toBe('requiredField');
    expect(r.cardHolder("J. O'Neil-Smith")).toBeNull();
    expect(r.cardHolder('John 2')).toBe('wrongField');
  });

  it('card number: masked 6…4 form or Luhn-valid digits', () => {
    expect(r.cardNumber('')).toBe('requiredField');
    expect(r.cardNumber('411111...1111')).toBeNull();
    expect(r.cardNumber('4111 1111 1111 1111')).toBeNull();
    expect(r.cardNumber('4111111111111112')).toBe('wrongCardNumber');
    expect(r.luhn('79927398713')).toBe(true);
    expect(r.luhn('79927398710')).toBe(false);
  });

  it('IBAN: checksum and per-country length', () => {
    expect(r.iban('')).toBe('requiredField');
    expect(r.iban('DE89 3704 0044 0532 0130 00')).toBeNull();
    expect(r.iban('GB82WEST12345698765432')).toBeNull();
    expect(r.iban('GB82WEST12345698765431')).toBe('wrongIban');
    expect(r.iban('DE89370400440532013')).toBe('wrongIban');
    expect(r.iban('ZZ89370400440532013000')).toBe('wrongIban');
  });

  it('date: 4-digit year within bounds, limited characters, not after the maximum date', () => {
    const rule = r.date({ minYear: 1900, maxDate: new Date('2008-11-21T00:00:00Z') });
    expect(rule('')).toBe('requiredField');
    expect(rule('21.11.1990')).toBeNull();
    expect(rule('1990-11-21')).toBeNull();
    expect(rule('31.02.1990')).toBe('wrongDate');
    expect(rule('21/11/1990')).toBe('wrongDate');
    expect(rule('21.11.1899')).toBe('wrongDate');
    expect(rule('22.11.2008')).toBe('wrongDate');
    expect(rule('21.11.90')).toBe('wrongDate');
  });

  it('sum: digits, no leading zero, within bounds (thousands commas stripped), else sumError / wrongField', () => {
    const rule = r.sum(10, 5000);
    expect(rule('abc')).toBe('wrongField');
    expect(rule('010')).toBe('sumError');
    expect(rule('5')).toBe('sumError');
    expect(rule('5,001')).toBe('sumError');
    expect(rule('1,000')).toBeNull();
    expect(rule('10.50')).toBeNull();
  });

  it('checkbox, min and max length, pattern, first failure', () => {
    expect(r.checkbox(false)).toBe('uncheckedCheckbox');
    expect(r.checkbox('1')).toBeNull();
    expect(r.minLength(3)('ab')).toBe('minLength');
    expect(r.maxLength(3)('abcd')).toBe('maxLength');
    expect(r.pattern(/^\d+$/)('12a')).toBe('wrongField');
    expect(r.firstFailure(r.required, r.minLength(3))('ab')).toBe('minLength');
  });

  it('strips emoji and a leading plus of the login', () => {
    expect(r.stripEmoji('Lucky🍀 Joe 👍🏽')).toBe('Lucky Joe ');
    expect(r.normaliseLogin(' +15551234567 ')).toBe('15551234567');
  });
});
