import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { useTranslation as fromReactI18next } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createLiteI18n, I18nextProvider, useTranslation } from './i18n-lite';

function Login() {
  return createElement('b', null, useTranslation().t('header.login'));
}

describe('the site i18n', () => {
  const i18n = createLiteI18n('de', {
    header: { login: 'Anmelden', copyright: '© {year} Casino', empty: '' },
    auth: { validator: { minLength: 'Mindestens { min } Zeichen' } },
  });

  it('reads namespace.key paths, interpolates {name} and falls back to defaultValue, then the key', () => {
    expect(i18n.t('header.login')).toBe('Anmelden');
    expect(i18n.t('header.copyright', { year: 2026 })).toBe('© 2026 Casino');
    expect(i18n.t('header.copyright')).toBe('©  Casino');
    expect(i18n.t('auth.validator.minLength', { min: 6 })).toBe('Mindestens 6 Zeichen');
    expect(i18n.t('header.empty', { defaultValue: 'x' })).toBe('');
    expect(i18n.t('header.missing', { defaultValue: 'Hi {name}', name: 'Ana' })).toBe('Hi Ana');
    expect(i18n.t('header.missing')).toBe('header.missing');
    expect(i18n.t('auth.validator')).toBe('auth.validator');
  });

  it('takes messages that arrive later', () => {
    const later = createLiteI18n('en', { a: { b: 'one' } });
    later.addMessages({ a: { c: 'two' } });
    expect([later.t('a.b'), later.t('a.c')]).toEqual(['one', 'two']);
  });

  it("is what 'react-i18next' resolves to, through the provider", () => {
    expect(fromReactI18next).toBe(useTranslation);
    expect(renderToString(createElement(I18nextProvider, { i18n }, createElement(Login)))).toBe(
      '<b>Anmelden</b>',
    );
  });
});
