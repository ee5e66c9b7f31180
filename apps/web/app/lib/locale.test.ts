import { describe, expect, it } from 'vitest';
import { detectBrowserLocale, localeDir } from './locale';

describe('locale helpers', () => {
  it('detects the best available locale from Accept-Language', () => {
    const codes = ['en', 'es', 'ar'];
    expect(detectBrowserLocale('es-ES,es;q=0.9,en;q=0.8', codes)).toBe('es');
    expect(detectBrowserLocale('fr-FR,ar;q=0.5', codes)).toBe('ar');
    expect(detectBrowserLocale('fr-FR', codes)).toBeUndefined();
    expect(detectBrowserLocale(null, codes)).toBeUndefined();
  });

  it('is right-to-left for Arabic', () => {
    expect(localeDir({ code: 'ar' })).toBe('rtl');
    expect(localeDir({ code: 'en' })).toBe('ltr');
    expect(localeDir({ code: 'x', dir: 'rtl' })).toBe('rtl');
  });
});
