/**
 * The messages the site and the server ask for exist in content/locales/en (and so, by locales.test.ts, in every
 * locale): a feature cannot ship a key that shows up untranslated. `npm run i18n:check` prints the same report.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  extractMessages,
  UNREACHABLE_CLASHES,
  writeMissing,
} from '../../../../../scripts/extract-messages.ts';
import { serverUsagesOf, usagesOf } from '../../../../../scripts/message-usages.ts';

const namespaces = new Set(['header', 'cashier', 'profile']);
const keysOf = (source: string, file = 'x.tsx') =>
  usagesOf(source, file, namespaces).map((u) => [u.key ?? `dynamic:${u.pattern}`, u.defaultValue ?? null]);

describe('the extractor', () => {
  it('reads t() calls with their defaultValue, in JSX too, whatever quotes or apostrophes they use', () => {
    const source = `
      export function A() {
        const { t } = useTranslation();
        return <p>Don't {t('header.login', { defaultValue: "Log in" })} {i18n.t(\`header.menu\`)}
          {t('cashier.deposit.title', { count: 2, defaultValue: 'Deposit ' + 'money' })}
          {t('cashier.left', { defaultValue: x ? 'a' : 'b' })}</p>;
      }`;
    expect(keysOf(source)).toEqual([
      ['header.login', 'Log in'],
      ['header.menu', null],
      ['cashier.deposit.title', 'Deposit money'],
      ['cashier.left', null],
    ]);
  });

  it('reads key tables, *Key properties and navigation items of a known namespace', () => {
    const source = `
      const V: Record<string, [string, string]> = { required: ['profile.required', 'Field is required'] };
      const LOOK = { none: ['profile.none', 'Not yet', 'bg-grey'], files: ['a.b', 'c.d'] };
      const SHELLS = { bets: { titleKey: 'profile.menu.bets', title: 'Bets', empty: 'None' } };
      const NAV = [{ to: '/', key: 'header.nav.home', label: 'Home' }, { key: 'image.png', label: 'x' }];`;
    expect(keysOf(source, 'x.ts')).toEqual([
      ['profile.required', 'Field is required'],
      ['profile.none', 'Not yet'],
      ['profile.menu.bets', 'Bets'],
      ['header.nav.home', 'Home'],
    ]);
  });

  it('expands a key built from a label map of the file, and lists any other built key as dynamic', () => {
    const source = `
      const LABELS = { '1d': '1 day', permanent: 'Permanent' } as const;
      const label = (p: string) => t(\`profile.periods.\${p}\`, { defaultValue: LABELS[p] ?? p });
      const method = (m: string) => t(\`cashier.method.\${m}\`, { defaultValue: nameOf(m) });
      const any = (code: string) => t(code);`;
    expect(keysOf(source, 'x.ts')).toEqual([
      ['profile.periods.1d', '1 day'],
      ['profile.periods.permanent', 'Permanent'],
      [`dynamic:\`cashier.method.\${m}\``, null],
      ['dynamic:code', null],
    ]);
  });

  it("reads the server's t(locale, key) only where t is the i18n translator", () => {
    const mail = `import { t } from '../i18n/translate.ts';\nconst s = t(player.locale, 'mail.passwordReset.subject');`;
    expect(serverUsagesOf(mail, 'a.ts').map((u) => u.key)).toEqual(['mail.passwordReset.subject']);
    const other = `import { t } from './table.ts';\nconst s = t(x, 'not.a.message');`;
    expect(serverUsagesOf(other, 'b.ts')).toEqual([]);
  });
});

describe('a check of a small project', () => {
  it('reports missing keys, clashes and placeholder mismatches, and --write adds the missing ones to en', () => {
    const root = mkdtempSync(join(tmpdir(), 'extract-'));
    try {
      mkdirSync(join(root, 'apps/web/app/features'), { recursive: true });
      mkdirSync(join(root, 'content/locales/en'), { recursive: true });
      writeFileSync(
        join(root, 'content/locales/en/shop.json'),
        JSON.stringify({ title: 'Shop', cart: { empty: 'Empty' }, paid: 'Paid' }),
      );
      writeFileSync(
        join(root, 'apps/web/app/features/shop.tsx'),
        `export const A = () => <>
          {t('shop.title', { defaultValue: 'Shop' })}
          {t('shop.cart', { defaultValue: 'Cart' })}
          {t('shop.paid', { defaultValue: 'Paid {amount}', amount })}
          {t('shop.thanks.note', { defaultValue: 'Thank you' })}
          {t('wishlist.title', { defaultValue: 'Wishlist' })}
          {t('shop.bare')}
        </>;`,
      );
      const result = extractMessages(root);
      expect(result.missing.map((m) => [m.key, m.defaultValue ?? null])).toEqual([
        ['shop.bare', null],
        ['shop.thanks.note', 'Thank you'],
        ['wishlist.title', 'Wishlist'],
      ]);
      expect(result.clashes).toEqual(['shop.cart']);
      expect(result.placeholderMismatch.map((m) => m.key)).toEqual(['shop.paid']);
      expect(result.noDefault.map((n) => n.key)).toEqual(['shop.bare']);

      expect(writeMissing(result, root)).toEqual(['shop.thanks.note', 'wishlist.title']);
      const shop = JSON.parse(readFileSync(join(root, 'content/locales/en/shop.json'), 'utf8'));
      expect(shop.thanks).toEqual({ note: 'Thank you' });
      expect(shop.bare).toBeUndefined();
      const wishlist = JSON.parse(readFileSync(join(root, 'content/locales/en/wishlist.json'), 'utf8'));
      expect(wishlist).toEqual({ title: 'Wishlist' });
      expect(extractMessages(root).missing.map((m) => m.key)).toEqual(['shop.bare']);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('the site and the server', () => {
  const result = extractMessages();

  it('find every message they use in content/locales/en (run `npm run i18n:check` for the report)', () => {
    expect(result.usages.length).toBeGreaterThan(500);
    expect(result.missing.map((m) => `${m.key} (${m.where[0]})`)).toEqual([]);
  });

  it('pass the values their English names: the placeholders of a default are those of en', () => {
    expect(result.placeholderMismatch).toEqual([]);
  });

  it('never use one key both as a message and as the parent of other messages', () => {
    expect(result.clashes.filter((k) => !UNREACHABLE_CLASHES.includes(k))).toEqual([]);
  });
});
