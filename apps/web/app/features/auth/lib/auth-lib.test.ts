import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api/client.ts';
import {
  accountLocale,
  afterRegistrationTarget,
  oauthUrl,
  openSocialWindow,
  readPopupFlags,
  readStored,
  STORAGE_SOCIAL_BACK_URL,
  socialBackUrl,
  withoutPopupFlags,
} from './auth-links.ts';
import {
  currencyAfterCountryChange,
  initialCurrency,
  resetsAfterCountryChange,
} from './currency-conditions.ts';
import { fieldMessage } from './field-messages.ts';
import {
  DEFAULT_REGISTRATION_CONFIG,
  parseRegistrationConfig,
  type TRegistrationField,
  withValidatorLimits,
} from './registration-config.ts';
import { ruleFor } from './registration-fields.ts';
import { buildRegistrationPayload } from './registration-payload.ts';
import { validateRegistration } from './registration-resolver.ts';
import { parseRichText, safeHref } from './rich-text.tsx';
import { isTwoFactorRequired, mapInvalidParameters, resendSecondsOf } from './server-errors.ts';

describe('rich text sanitiser', () => {
  it('keeps a, b, i, strong, em, br and drops everything else but its text', () => {
    const nodes = parseRichText(
      '<b>Bold</b> <script>alert(1)</script><img src=x onerror=alert(1)><em>e</em><br>',
    );
    expect(JSON.stringify(nodes)).toBe(
      JSON.stringify([
        { tag: 'b', children: ['Bold'] },
        ' ',
        'alert(1)',
        { tag: 'em', children: ['e'] },
        { tag: 'br', children: [] },
      ]),
    );
  });

  it('refuses unsafe hrefs', () => {
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref('java\tscript:alert(1)')).toBeNull();
    expect(safeHref('&#106;avascript:alert(1)')).toBeNull();
    expect(safeHref('//evil.example')).toBeNull();
    expect(safeHref('data:text/html,x')).toBeNull();
    expect(safeHref('/terms')).toBe('/terms');
    expect(safeHref('https://example.com/t')).toBe('https://example.com/t');
    expect(safeHref('mailto:help@example.com')).toBe('mailto:help@example.com');
  });

  it('an unsafe link keeps its text but loses its href', () => {
    expect(parseRichText('<a href="javascript:x" onclick="y">Terms</a>')).toEqual([
      { tag: 'a', href: null, children: ['Terms'] },
    ]);
  });
});

describe('registration payload', () => {
  it('drops empty values and hasPromocode, falls back login to email then phone, strips the plus', () => {
    const payload = buildRegistrationPayload(
      {
        email: '',
        phone: '+44 7700 900123',
        password: 'secret12',
        first_name: '',
        hasPromocode: false,
        promo_code: 'X',
        notify: false,
        is_betting: true,
      },
      { locale: 'de', formType: 'fast', withNotify: true, withBetting: true },
    );
    expect(payload).toEqual({
      phone: '447700900123',
      password: 'secret12',
      login: '447700900123',
      notify: '0',
      is_betting: '1',
      locale: 'de',
      form_type: 'fast',
      is_fast: '1',
    });
  });

  it('trims a ticked promo code', () => {
    const payload = buildRegistrationPayload(
      { email: 'a@b.co', hasPromocode: true, promo_code: '  WELCOME ' },
      { locale: 'en', formType: 'form', withNotify: false, withBetting: false },
    );
    expect(payload.promo_code).toBe('WELCOME');
    expect(payload).not.toHaveProperty('notify');
    expect(payload).not.toHaveProperty('is_betting');
  });
});

describe('the locale after login (spec §4 Login step 5, issue 41)', () => {
  it("goes to the account's locale when the site has it, else stays in the page's", () => {
    expect(accountLocale('ar', ['en', 'ar', 'de'])).toBe('ar');
    expect(accountLocale('xx', ['en', 'ar'])).toBeUndefined();
    expect(accountLocale(undefined, ['en'])).toBeUndefined();
  });
});

describe('the age rule (issue 41)', () => {
  it("answers underAge for a birth date under the operator's minimum age, wrongDate for an impossible one", () => {
    const now = new Date('2026-06-15T12:00:00Z');
    const config = { ...DEFAULT_REGISTRATION_CONFIG, minimumAge: 18 };
    const birth = DEFAULT_REGISTRATION_CONFIG.fields.find((f) => f.sysname === 'birth_date')!;
    const check = (value: string, c = config) =>
      validateRegistration({ birth_date: value } as never, [birth], c, { termsRequired: false, now })
        .birth_date ?? null;
    expect(check('01.01.2015')).toBe('underAge');
    expect(check('16.06.2008')).toBe('underAge');
    expect(check('15.06.2008')).toBeNull();
    expect(check('15.06.2008', { ...config, minimumAge: 21 })).toBe('underAge');
    expect(check('01.01.2030')).toBe('wrongDate');
    expect(
      fieldMessage(((_k: string, o: { defaultValue: string }) => o.defaultValue) as never, 'underAge', {
        min: 21,
      }),
    ).toBe('You must be at least 21 years old to register');
  });
});

describe('server errors', () => {
  it('swaps phone and mobile when mapping invalid_parameters', () => {
    expect(
      mapInvalidParameters({ mobile: 'wrongPhoneFormat', phone: 'x', email: 'alreadyExists', zzz: 'y' }, [
        'phone',
        'email',
      ]),
    ).toEqual({
      fields: { phone: 'x', email: 'alreadyExists' },
      unmatched: { zzz: 'y' },
    });
    expect(mapInvalidParameters({ mobile: 'wrongPhoneFormat' }, ['phone']).fields).toEqual({
      phone: 'wrongPhoneFormat',
    });
  });

  it('recognises the two-factor error and its resend seconds, from resend_time or a trailing number', () => {
    const explicit = new ApiError(
      'AuthorizationException',
      { message: 'two_factor_enabled', resend_time: 17 },
      401,
    );
    const trailing = new ApiError('AuthorizationException', { message: 'Resend time 42' }, 401);
    expect(isTwoFactorRequired(explicit)).toBe(true);
    expect(resendSecondsOf(explicit)).toBe(17);
    expect(isTwoFactorRequired(trailing)).toBe(true);
    expect(resendSecondsOf(trailing)).toBe(42);
    expect(
      isTwoFactorRequired(new ApiError('AuthorizationException', { message: 'wrong_credentials' }, 401)),
    ).toBe(false);
  });
});

describe('currency conditions', () => {
  const config = { ...DEFAULT_REGISTRATION_CONFIG, currencies: ['USD', 'EUR'] };
  it('initial value by defaultValue, then emptyValue when that is empty', () => {
    expect(
      initialCurrency({ ...config, currency: { ...config.currency, defaultValue: 'selectedValue' } }, 'EUR'),
    ).toBe('EUR');
    expect(
      initialCurrency(
        { ...config, currency: { ...config.currency, defaultValue: 'emptyValue', emptyValue: 'firstValue' } },
        'EUR',
      ),
    ).toBe('USD');
  });
  it('after a country change: changeCountryValue, else its fallback when not offered', () => {
    const rules = {
      ...config.currency,
      changeCountryValue: 'selectedValue' as const,
      changeCountryFallbackValue: 'firstValue' as const,
    };
    expect(currencyAfterCountryChange({ ...config, currency: rules }, ['USD', 'EUR'], 'EUR')).toBe('EUR');
    expect(currencyAfterCountryChange({ ...config, currency: rules }, ['USD'], 'EUR')).toBe('USD');
    expect(
      currencyAfterCountryChange(
        { ...config, currency: { ...rules, changeCountryValue: 'emptyValue' } },
        ['USD'],
        'EUR',
      ),
    ).toBe('');
  });
  it('region and document type go to their first option', () => {
    const fields = [
      {
        sysname: 'region',
        type: 'region' as const,
        params: { is_required: true, is_visible: true },
        options: { list: [{ value: 'AL', label: 'Alabama' }] },
      },
      {
        sysname: 'document_type',
        type: 'select' as const,
        params: { is_required: false, is_visible: true },
        options: { list: [{ value: 'cpf', label: 'cpf' }] },
      },
    ];
    expect(resetsAfterCountryChange(config, fields, 'EUR')).toEqual({
      region: 'AL',
      document_type: 'cpf',
      currency: 'EUR',
    });
  });
});

describe('links and flags', () => {
  it('reads and removes the popup flags', () => {
    expect(readPopupFlags('?show_popup_reg=1&prevent_close=1')).toEqual({
      view: 'registration',
      preventClose: true,
    });
    expect(readPopupFlags('?show_popup_auth=1')).toEqual({ view: 'authorization', preventClose: false });
    expect(withoutPopupFlags('?a=1&show_popup_reg=1&prevent_close=1')).toBe('?a=1');
  });
  it('builds the oauth url and the after-registration target', () => {
    expect(oauthUrl('google', 'https://site/x?y=1', 'authorization')).toBe(
      '/oauth/init?service=google&redirect_url=https%3A%2F%2Fsite%2Fx%3Fy%3D1&type_auth=authorization',
    );
    expect(oauthUrl('sandbox', '/de', 'registration', 'de')).toBe(
      '/oauth/init?service=sandbox&redirect_url=%2Fde&type_auth=registration&locale=de',
    );
    // Issue 41: the ticked terms go with a registration, so the server may make the account.
    expect(oauthUrl('sandbox', '/de', 'registration', 'de', true)).toBe(
      '/oauth/init?service=sandbox&redirect_url=%2Fde&type_auth=registration&locale=de&terms=1',
    );
    const localised = (p: string) => `/es${p}`;
    expect(afterRegistrationTarget('', localised)).toBe('/es/cashier/deposit?register=success');
    expect(afterRegistrationTarget('?redirectUrl=%2Fes%2Fprofile%3Ftab%3D1', localised)).toBe(
      '/es/profile?tab=1&register=success',
    );
    expect(afterRegistrationTarget('?redirectUrl=https%3A%2F%2Fevil.example', localised)).toBe(
      '/es/cashier/deposit?register=success',
    );
    for (const evil of [
      '%2F%09%2Fevil.example%2F',
      '%2F%0A%2Fevil.example',
      '%2F%5Cevil.example',
      '%2F%2Fevil.example',
    ])
      expect(afterRegistrationTarget(`?redirectUrl=${evil}`, localised), evil).toBe(
        '/es/cashier/deposit?register=success',
      );
  });
  it('comes back to the backUrl of the query (even another site), else to this page', () => {
    expect(socialBackUrl('https://site/es/?show_popup_reg=1&backUrl=https%3A%2F%2Fpartner.example%2Fp')).toBe(
      'https://partner.example/p',
    );
    expect(socialBackUrl('https://site/?backUrl=%2Fes%2Fgames')).toBe('/es/games');
    expect(socialBackUrl('https://site/?backUrl=javascript%3Aalert(1)')).toBe(
      'https://site/?backUrl=javascript%3Aalert(1)',
    );
    expect(socialBackUrl('https://site/es/games')).toBe('https://site/es/games');
    // A path that a browser would take to another host is not ours: back to this page instead.
    for (const evil of [
      '%2F%09%2Fevil.example%2F',
      '%2F%5Cevil.example',
      '%2F%2Fevil.example',
      'https%3Aevil.example',
    ])
      expect(socialBackUrl(`https://site/es/?backUrl=${evil}`), evil).toBe(
        `https://site/es/?backUrl=${evil}`,
      );
  });
  it('sends the back URL to the server as the redirect_url it checks, and keeps it under the social-auth key', () => {
    const opened: string[] = [];
    const open = window.open;
    window.open = ((url: string) => {
      opened.push(url);
      return {} as Window;
    }) as typeof window.open;
    try {
      window.history.replaceState(
        null,
        '',
        '/en/?show_popup_reg=1&backUrl=https%3A%2F%2Fpartner.example%2Fp',
      );
      openSocialWindow('sandbox', 'registration');
    } finally {
      window.open = open;
    }
    expect(new URL(opened[0] ?? '', 'https://site').searchParams.get('redirect_url')).toBe(
      'https://partner.example/p',
    );
    expect(readStored(STORAGE_SOCIAL_BACK_URL)).toBe('https://partner.example/p');
  });
  it("holds the password field to the operator's raised minimum, and says it", () => {
    const validators = [{ field: 'password', rules: ['password'], params: { min: 10, max: 20 } }];
    const config = parseRegistrationConfig(withValidatorLimits({ showPromocode: true }, validators));
    expect(config.showPromocode).toBe(true);
    expect(config.form.validation.password).toEqual({ min: 10 });
    const field = config.fields.find((f) => f.sysname === 'password');
    if (!field) throw new Error('no password field');
    const rule = ruleFor(field, { values: {}, extra: config.form.validation.password });
    expect(rule('kx7-wq2p')).toBe('minLength');
    expect(rule('kx7-wq2p-z')).toBeNull();
    // No server config at all: the defaults, with the minimum.
    expect(parseRegistrationConfig(withValidatorLimits(null, validators)).form.validation.password).toEqual({
      min: 10,
    });
    // The spec's 6 (or less) changes nothing.
    const six = [{ field: 'password', params: { min: 4 } }];
    expect(withValidatorLimits(null, six)).toBeNull();
  });
  it("holds the nickname to the operator's raised minimum before the server does, with the server's code", () => {
    const validators = [{ field: 'fakename', rules: ['fakename'], params: { min: 8 } }];
    const config = parseRegistrationConfig(withValidatorLimits({ showPromocode: true }, validators));
    expect(config.form.validation.fakename).toEqual({ min: 8 });
    const field: TRegistrationField = {
      sysname: 'fakename',
      type: 'fakename',
      params: { is_required: true, is_visible: true },
      options: {},
    };
    const rule = ruleFor(field, { values: {}, extra: config.form.validation.fakename });
    expect(rule('Ace1234')).toBe('minCountSymbolsFakename');
    expect(rule('Ace12345')).toBeNull();
    // Without the operator's entry the spec's 4 holds.
    expect(ruleFor(field, { values: {} })('Ace1')).toBeNull();
  });
  it("makes the birth date's minimum age stricter (never looser) and takes the earliest year", () => {
    const now = new Date('2026-06-01T00:00:00Z');
    const validators = [{ field: 'birth_date', rules: ['date'], params: { minAge: 21, minYear: 1950 } }];
    const config = parseRegistrationConfig(withValidatorLimits({ minimumAge: 18 }, validators));
    expect(config.minimumAge).toBe(21);
    expect(config.minBirthYear).toBe(1950);
    const field = config.fields.find((f) => f.sysname === 'birth_date');
    if (!field) throw new Error('no birth date field');
    const errors = (birth: string) =>
      validateRegistration({ birth_date: birth } as never, [field], config, { termsRequired: false, now });
    expect(errors('01.01.2006')).toEqual({ birth_date: 'underAge' });
    expect(errors('01.01.1945')).toEqual({ birth_date: 'wrongDate' });
    expect(errors('01.01.2004')).toEqual({});
    const looser = [{ field: 'birth_date', params: { minAge: 16 } }];
    expect(parseRegistrationConfig(withValidatorLimits({ minimumAge: 18 }, looser)).minimumAge).toBe(18);
  });
  it('a broken server config falls back to the defaults', () => {
    expect(parseRegistrationConfig({ authTypes: 'nope' })).toBe(DEFAULT_REGISTRATION_CONFIG);
    expect(parseRegistrationConfig({ showCharacterSelect: true }).showCharacterSelect).toBe(true);
  });
});
