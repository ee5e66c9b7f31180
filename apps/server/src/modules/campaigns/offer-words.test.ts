/**
 * Offers quote their figures from campaign_offers, never from words: a translation, a cms banner or an offer's
 * own text that writes out an amount or a percentage would go stale the day the operator changes the offer.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LITERAL_OFFER_NUMBER } from '@casino/contracts/offer-terms';
import { describe, expect, it } from 'vitest';
import { CONTENT_DIR } from '../../app.ts';

/** Every string of a JSON document with its path. */
const strings = (value: unknown, path: string): [string, string][] => {
  if (typeof value === 'string') return [[path, value]];
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, child]) => strings(child, `${path}.${key}`));
};
const readJson = (...parts: string[]) => JSON.parse(readFileSync(join(CONTENT_DIR, ...parts), 'utf8'));
const withFigures = (entries: [string, string][]) =>
  entries.filter(([, text]) => LITERAL_OFFER_NUMBER.test(text)).map(([path, text]) => `${path}: ${text}`);

describe('words about offers carry placeholders, not figures', () => {
  const locales = readdirSync(join(CONTENT_DIR, 'locales'));

  it('no translation in any locale writes out an amount or a percentage', () => {
    expect(locales.sort()).toEqual(['ar', 'de', 'en', 'es', 'fr', 'pt']);
    const found = locales.flatMap((locale) =>
      readdirSync(join(CONTENT_DIR, 'locales', locale)).flatMap((file) =>
        withFigures(strings(readJson('locales', locale, file), `${locale}/${file}`)),
      ),
    );
    expect(found).toEqual([]);
  });

  it('no cms banner, offer text nor cashback word does either', () => {
    const cms = readdirSync(join(CONTENT_DIR, 'cms')).flatMap((file) => {
      const config = readJson('cms', file);
      const banners = { hero: config.heroBanners, auth: config.authBanner, menu: config.menuBanner };
      return withFigures(strings(banners, `cms/${file}`));
    });
    const offers = (
      readJson('campaigns', 'offers.json') as { sysname: string; description: unknown }[]
    ).flatMap((offer) => withFigures(strings(offer.description, `offers/${offer.sysname}`)));
    // The words of a cashback program an operator creates (every site locale).
    const cashback = withFigures(strings(readJson('campaigns', 'cashback-words.json'), 'cashback-words'));
    expect(Object.keys(readJson('campaigns', 'cashback-words.json')).sort()).toEqual(locales.sort());
    expect([...cms, ...offers, ...cashback]).toEqual([]);
  });

  it('the check would catch one', () => {
    expect(withFigures([['en/auth.json.banner.value', '100% up to $200']])).toHaveLength(1);
    expect(withFigures([['ar/auth.json.banner.value', '100% حتى 200 دولار']])).toHaveLength(1);
  });
});
