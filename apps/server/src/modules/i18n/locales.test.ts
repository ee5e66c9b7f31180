import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ERROR_TYPES } from '@casino/contracts';
import { FIELD_CODES } from '@casino/contracts/validation';
import { describe, expect, it } from 'vitest';
import { CONTENT_DIR } from '../../app.ts';
import { flatten, placeholders, readLocaleMessages, readLocalesFile } from './catalogue.ts';
import { t } from './translate.ts';

const file = readLocalesFile(CONTENT_DIR);
const en = flatten(readLocaleMessages(CONTENT_DIR, 'en'));

describe('content/locales', () => {
  it('lists every locale folder, with en as the default and ar right-to-left', () => {
    const folders = readdirSync(join(CONTENT_DIR, 'locales')).sort();
    expect(file.locales.map((l) => l.code).sort()).toEqual(folders);
    expect(file.defaultLocale).toBe('en');
    expect(file.locales.find((l) => l.code === 'ar')?.dir).toBe('rtl');
    for (const l of file.locales.filter((l) => l.code !== 'ar')) expect(l.dir).toBe('ltr');
  });

  it('holds the §5 defaults, every field code and every §8 error type in en', () => {
    expect(en['common.fieldsValidatorErrors.required']).toBe('Field is required');
    expect(en['common.fieldsValidatorErrors.minLength']).toBe('Min length is $$min$$');
    expect(en['auth.validator.minLength']).toBe('This field should be at least {min} characters long');
    expect(en['pages.notFound.header']).toBe('Page not found');
    for (const code of FIELD_CODES) expect(en[`common.validationErrors.${code}`], code).toBeTruthy();
    for (const type of ERROR_TYPES) expect(en[`errors.${type}`], type).toBeTruthy();
    expect(en['popups.registration.wrongRegServerError']).toBeTruthy();
    expect(en['common.promoCodeErrors.INVALID']).toBeTruthy();
  });

  for (const { code } of file.locales.filter((l) => l.code !== 'en')) {
    it(`${code} has every key of en, no other key but its own plural forms, and the same placeholders`, () => {
      const messages = flatten(readLocaleMessages(CONTENT_DIR, code));
      expect(Object.keys(en).filter((k) => !(k in messages))).toEqual([]);
      // The site picks `key_<form>` by Intl.PluralRules (the plain key is 'other'): a language has forms English lacks.
      const forms = new Intl.PluralRules(code).resolvedOptions().pluralCategories as string[];
      const isOwnPluralForm = (key: string) => {
        const [, base, form] = /^(.+)_([a-z]+)$/.exec(key) ?? [];
        return base !== undefined && base in en && forms.includes(form ?? '');
      };
      expect(Object.keys(messages).filter((k) => !(k in en) && !isOwnPluralForm(k))).toEqual([]);
      // A plural form may leave the count out ("يوم واحد", one day), never add a placeholder.
      const mismatched = Object.keys(en).filter((k) => {
        const own = placeholders(messages[k] ?? '');
        if (/_(zero|one|two|few|many)$/.test(k))
          return own.some((p) => !placeholders(en[k] ?? '').includes(p));
        return JSON.stringify(placeholders(en[k] ?? '')) !== JSON.stringify(own);
      });
      expect(mismatched).toEqual([]);
      const empty = Object.entries(messages).filter(([, v]) => v.trim() === '');
      expect(empty).toEqual([]);
    });
  }

  it('is translated, not copied: most messages differ from English', () => {
    for (const { code } of file.locales.filter((l) => l.code !== 'en')) {
      const messages = flatten(readLocaleMessages(CONTENT_DIR, code));
      const same = Object.keys(en).filter((k) => messages[k] === en[k]).length;
      expect(same / Object.keys(en).length, code).toBeLessThan(0.2);
    }
  });
});

describe('t', () => {
  it('translates, fills placeholders in both forms and falls back to English, then to the key', () => {
    expect(t('de', 'mail.contactCode.sms', { code: '123456' })).toBe('Dein Bestätigungscode: 123456');
    expect(t('en', 'common.fieldsValidatorErrors.minLength', { min: 6 })).toBe('Min length is 6');
    expect(t('xx', 'mail.passwordReset.subject')).toBe('Reset your password');
    expect(t('fr', 'no.such.key')).toBe('no.such.key');
  });
});

describe('content/ settings files', () => {
  it('match their contracts', async () => {
    const { validateContent } = await import('../metadata/validate-content.ts');
    expect(() => validateContent(CONTENT_DIR)).not.toThrow();
  });
});
