/**
 * The crawl's English detector: it finds a hard-coded English sentence on a non-English page, and never takes a
 * real translation of the site (messages, the games' texts, the cms config, the content pages) for English.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../server.ts';
import { englishDetector, englishWordsOf } from './english.ts';

const CONTENT = join(ROOT, 'content');
const LOCALES = (
  JSON.parse(readFileSync(join(CONTENT, 'locales.json'), 'utf8')) as { locales: Array<{ code: string }> }
).locales.map((l) => l.code);
const OTHERS = LOCALES.filter((l) => l !== 'en');
const NAMES = [
  ...JSON.parse(readFileSync(join(CONTENT, 'games/games.json'), 'utf8')),
  ...JSON.parse(readFileSync(join(CONTENT, 'games/providers.json'), 'utf8')),
].map((g: { name: string }) => g.name);

const strings = (node: unknown, out: string[] = []): string[] => {
  // A page shows a message with its placeholders filled in ({from}, {loss}: dates and amounts, not words).
  if (typeof node === 'string') out.push(node.replace(/<[^>]+>/g, '').replace(/\{[^{}]+\}/g, '1'));
  else if (node && typeof node === 'object') for (const value of Object.values(node)) strings(value, out);
  return out;
};
const json = (path: string) => JSON.parse(readFileSync(join(CONTENT, path), 'utf8'));

/** Every text a page of this locale may show from content/. */
const corpus = (locale: string) => [
  ...readdirSync(join(CONTENT, 'locales', locale)).flatMap((f) => strings(json(`locales/${locale}/${f}`))),
  ...strings(json(`games/texts/${locale}.json`)),
  ...strings(json(`cms/${locale}.json`)),
  ...readdirSync(join(CONTENT, 'pages')).flatMap((slug) =>
    readFileSync(join(CONTENT, 'pages', slug, `${locale}.md`), 'utf8').split(/\n+/),
  ),
];

describe('englishDetector', () => {
  it('finds a sentence a component hard-codes, which no message holds', () => {
    const german = englishDetector('de');
    expect(german.find('This game opens in its own section.')).not.toEqual([]);
    expect(german.find('Something went wrong with your deposit, please try again.')).not.toEqual([]);
  });

  it('finds an English message shown untranslated', () => {
    expect(
      englishDetector('fr').find('Only the main balance can be withdrawn; bonus money stays to be wagered.'),
    ).toEqual(['cashier.withdraw.mainOnly']);
  });

  it('leaves names, formulas and short labels alone', () => {
    expect(englishDetector('es').find('Sands of Sekhmet')).toEqual([]); // a game's name, not "{k} of {n}"
    const arabic = englishDetector('ar');
    expect(arabic.find('Bar and Bell')).toEqual([]);
    expect(arabic.find("Frost Giant's Forge · Emberline Games")).toEqual([]);
    expect(arabic.find('pocket = floor(float₀ × 37), 0–36.')).toEqual([]);
    expect(arabic.find('RTP 97.19%')).toEqual([]);
    expect(englishWordsOf("Sheriff's Star and the Outlaw's Bounty", NAMES)).toBeNull();
  });

  it.each(OTHERS)('takes no text of the %s content for English', (locale) => {
    const flagged = corpus(locale).filter((text) => englishWordsOf(text, NAMES) !== null);
    expect(flagged).toEqual([]);
  });

  it('would catch most English sentences of the site (recall over en’s long messages)', () => {
    const long = corpus('en').filter((text) => text.split(/\s+/).length >= 8 && !text.startsWith('---'));
    const caught = long.filter((text) => englishWordsOf(text, NAMES) !== null);
    expect(caught.length / long.length).toBeGreaterThan(0.9);
  });
});
