/** Plural forms (Intl.PluralRules) in the site's i18n and in every locale's catalogues. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLiteI18n, pluralForm } from './i18n-lite';

const LOCALES_DIR = join(import.meta.dirname, '../../../../content/locales');
const catalogue = (locale: string) =>
  Object.fromEntries(
    readdirSync(join(LOCALES_DIR, locale))
      .filter((f) => f.endsWith('.json'))
      .map((f) => [f.slice(0, -5), JSON.parse(readFileSync(join(LOCALES_DIR, locale, f), 'utf8'))]),
  );
const LOCALES = readdirSync(LOCALES_DIR);
const FORM = /_(zero|one|two|few|many)$/;

/** Every `key_<form>` string of a catalogue, with the key it is a form of. */
const pluralKeys = (messages: Record<string, unknown>, prefix = ''): { key: string; form: string }[] =>
  Object.entries(messages).flatMap(([name, value]) => {
    const path = prefix ? `${prefix}.${name}` : name;
    if (value && typeof value === 'object') return pluralKeys(value as Record<string, unknown>, path);
    const match = FORM.exec(name);
    return match ? [{ key: path.slice(0, -match[0].length), form: match[1]! }] : [];
  });

describe('plurals', () => {
  it('English: one day, two days; one free spin, no free spins', () => {
    const t = createLiteI18n('en', catalogue('en')).t;
    expect(t('common.labels.days', { count: 1 })).toBe('1 day');
    expect(t('common.labels.days', { count: 2 })).toBe('2 days');
    expect(t('loyalty.reward.freespins', { count: 1 })).toBe('1 free spin');
    expect(t('loyalty.reward.freespins', { count: 0 })).toBe('0 free spins');
    expect(t('games.slot.pack', { count: 1, stake: '$1.00' })).toBe('1 free spin at $1.00 is waiting');
    // A count that is not a number (or no count) reads the plain key.
    expect(t('common.labels.days', { count: 'many' })).toBe('many days');
  });

  it('Arabic has six forms: zero, one, two, few (3–10), many (11–99), other (100+)', () => {
    const t = createLiteI18n('ar', catalogue('ar')).t;
    expect([0, 1, 2, 3, 11, 100].map((n) => pluralForm('ar', n))).toEqual([
      'zero',
      'one',
      'two',
      'few',
      'many',
      'other',
    ]);
    expect(t('common.labels.days', { count: 1 })).toBe('يوم واحد');
    expect(t('common.labels.days', { count: 2 })).toBe('يومان');
    expect(t('common.labels.days', { count: 5 })).toBe('5 أيام');
    expect(t('common.labels.days', { count: 11 })).toBe('11 يومًا');
    expect(t('common.labels.days', { count: 100 })).toBe('100 يوم');
  });

  it('French reads 0 as singular; a form a catalogue does not spell out falls back to the plain key', () => {
    const fr = createLiteI18n('fr', catalogue('fr')).t;
    expect(fr('loyalty.reward.freespins', { count: 0 })).toBe('0 tour gratuit');
    expect(fr('loyalty.reward.freespins', { count: 3 })).toBe('3 tours gratuits');
    const t = createLiteI18n('en', { x: { n: '{count} things' } }).t;
    expect(t('x.n', { count: 1 })).toBe('1 things');
    expect(t('x.missing', { count: 1, defaultValue: '{count} default' })).toBe('1 default');
  });

  it.each(LOCALES)(
    '%s: every plural form is one its language has, and is a form of a key that exists',
    (locale) => {
      const messages = catalogue(locale);
      const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories as string[];
      const t = createLiteI18n(locale, messages).t;
      for (const { key, form } of pluralKeys(messages)) {
        expect(categories, `${locale} ${key}_${form}`).toContain(form);
        expect(t(key), `${locale} ${key}`).not.toBe(key);
      }
      // Arabic spells out every form of every message that has plural forms at all.
      if (locale === 'ar') {
        const keys = new Set(pluralKeys(messages).map((p) => p.key));
        for (const key of keys)
          for (const form of ['zero', 'one', 'two', 'few', 'many'])
            expect(t(`${key}_${form}`), `${key}_${form}`).not.toBe(`${key}_${form}`);
      }
    },
  );

  it('every English message with {count} whose singular differs has its one form, in every locale too', () => {
    const en = createLiteI18n('en', catalogue('en')).t;
    const keys = pluralKeys(catalogue('en'))
      .filter((p) => p.form === 'one')
      .map((p) => p.key);
    expect(keys.length).toBe(14);
    for (const key of keys) expect(en(key, { count: 1 }), key).not.toBe(en(key, { count: 2 }));
    // Each language spells the singular out, even where it reads as the plural (German "1 Treffer").
    for (const locale of LOCALES) {
      const t = createLiteI18n(locale, catalogue(locale)).t;
      for (const key of keys) expect(t(`${key}_one`), `${locale} ${key}_one`).not.toBe(`${key}_one`);
    }
  });
});
