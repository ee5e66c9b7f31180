import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createLiteI18n, I18nProvider, useTranslation } from './i18n-lite';

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

  it("gives components the provider's instance, and an empty English one without a provider", () => {
    expect(renderToString(createElement(Login))).toBe('<b>header.login</b>');
    expect(renderToString(createElement(I18nProvider, { i18n }, createElement(Login)))).toBe(
      '<b>Anmelden</b>',
    );
  });
});

describe('namespaces that are not loaded', () => {
  it('are reported when one of their keys is read, and the default shows meanwhile', () => {
    const missing: string[] = [];
    const i18n = createLiteI18n(
      'es',
      { header: { login: 'Entrar' } },
      { namespaces: ['header', 'games'], onMissingNamespace: (namespace) => missing.push(namespace) },
    );
    expect(i18n.t('header.login')).toBe('Entrar');
    expect(i18n.t('header.unknown', { defaultValue: 'x' })).toBe('x');
    expect(i18n.t('games.hall.new', { defaultValue: 'New' })).toBe('New');
    expect(i18n.t('other.key')).toBe('other.key');
    expect(missing).toEqual(['games']);
    expect([i18n.hasNamespace('header'), i18n.hasNamespace('games'), i18n.hasNamespace('other')]).toEqual([
      true,
      false,
      true,
    ]);
    i18n.addMessages({ games: { hall: { new: 'Nuevos' } } });
    expect(i18n.t('games.hall.new', { defaultValue: 'New' })).toBe('Nuevos');
  });

  it('never change the objects the instance was made from', () => {
    const given = { header: { nav: { home: 'Home' } } };
    const i18n = createLiteI18n('en', given);
    i18n.addMessages({ header: { nav: { casino: 'Casino' } } });
    expect(given).toEqual({ header: { nav: { home: 'Home' } } });
    expect(i18n.t('header.nav.casino')).toBe('Casino');
  });
});
