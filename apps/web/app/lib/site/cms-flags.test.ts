import { describe, expect, it } from 'vitest';
import { DEFAULT_VALIDATORS } from '../../features/frame/use-site';
import { parseCmsConfig } from './cms';
import { siteValidators } from './validators';

describe('the §3 site flags the frame reads from metadata.get', () => {
  it('takes the loader settings, and no logo that is not an image path or https address', () => {
    const metadata = {
      loader: { showPercentProgress: true, loaderLogo: '/images/logo.svg', loaderLogoAlt: 'Casino' },
    };
    expect(parseCmsConfig({}, metadata).loader).toEqual({
      showPercentProgress: true,
      logo: '/images/logo.svg',
      logoAlt: 'Casino',
    });
    for (const loaderLogo of ['javascript:alert(1)', '//evil.example/x.svg', 'http://plain.example/x.svg'])
      expect(parseCmsConfig({}, { loader: { loaderLogo } }).loader?.logo).toBe('');
    expect(parseCmsConfig({}, {}).loader?.showPercentProgress).toBe(false);
  });

  it('keeps the auth popup on unless popupFallback.authPopupEnabled is false (default true)', () => {
    expect(parseCmsConfig({}, {}).authPopupEnabled).toBe(true);
    expect(parseCmsConfig({}, { popupFallback: { authPopupEnabled: true } }).authPopupEnabled).toBe(true);
    expect(parseCmsConfig({}, { popupFallback: { authPopupEnabled: false } }).authPopupEnabled).toBe(false);
  });

  it('takes the minimums the operator raised in the validator config list', () => {
    const validatorConfig = [
      { field: 'password', rules: ['password'], params: { min: 10 } },
      { field: 'fakename', rules: ['fakename'], params: { min: 7 } },
    ];
    expect(parseCmsConfig({}, { validatorConfig }).validators).toMatchObject({
      passwordMin: 10,
      fakenameMin: 7,
    });
    expect(parseCmsConfig({}, {}).validators).toEqual({
      passwordMin: 6,
      fakenameMin: 4,
      birthMinYear: 1900,
      codeLength: 6,
      amount: {},
    });
  });

  it('has the spec’s defaults before the site data, as the validator config list reads when empty', () => {
    expect(DEFAULT_VALIDATORS).toEqual(siteValidators(undefined));
  });

  it('takes the birth date, code and amount entries of the validator config list', () => {
    const validatorConfig = [
      { field: 'birth_date', rules: ['date'], params: { minAge: 21, minYear: 1940 } },
      { field: 'code', rules: ['code'], params: { length: 8 } },
      { field: 'amount', rules: ['sum'], params: { currency: 'USD', min: 15, max: 900 } },
    ];
    expect(parseCmsConfig({}, { validatorConfig }).validators).toMatchObject({
      birthMinAge: 21,
      birthMinYear: 1940,
      codeLength: 8,
      amount: { min: 15, max: 900 },
    });
  });
});
