/**
 * The games' words from content/ exist in every locale: each sentence of every engine's rules has a template in
 * content/games/texts/en.json, every locale has every template (same placeholders, translated), and every game
 * and studio of the catalogue has its description in every locale. A new engine sentence, game or studio with
 * no translation fails here.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ENGINES, SLOT_DEFINITIONS } from '@casino/games';
import { describe, expect, it } from 'vitest';
import { flattenTexts, rulesTranslator } from './content-text';
import { gameDescription, localizeRules, providerDescription } from './content-text.server';

const CONTENT = join(import.meta.dirname, '../../../../../../content');
const read = (path: string) => JSON.parse(readFileSync(join(CONTENT, path), 'utf8'));
const LOCALES = (read('locales.json') as { locales: Array<{ code: string }> }).locales.map((l) => l.code);
const OTHERS = LOCALES.filter((l) => l !== 'en');
const texts = (locale: string) =>
  read(`games/texts/${locale}.json`) as {
    rules: unknown;
    games?: Record<string, string>;
    providers?: Record<string, string>;
  };
const catalogue = read('games/games.json') as Array<{ sysname: string; description: string }>;
const studios = read('games/providers.json') as Array<{ sysname: string; description: string }>;
const EN = flattenTexts(texts('en').rules);
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

/**
 * Every English text the rules panel shows for an engine. A slot's symbol rows show the symbol's own translated
 * name (games.symbols, tested with the slot art) and what follows it, e.g. "(× total stake)".
 */
const sentencesOf = (engine: (typeof ENGINES)[number]) => {
  const rules = engine.rules();
  const symbols = SLOT_DEFINITIONS.find((s) => s.id === engine.id)?.symbols ?? [];
  const labelText = (label: string) => {
    const symbol = symbols.find((s) => label === s.name || label.startsWith(`${s.name} (`));
    return symbol ? label.slice(symbol.name.length).trim() : label;
  };
  return [
    rules.summary,
    ...rules.rules,
    ...rules.mapping,
    ...rules.paytable.flatMap((row) => [labelText(row.label), row.value]),
    rules.rtpText,
  ].filter((text) => text !== '');
};

describe('the games’ content texts', () => {
  it.each(ENGINES.map((e) => [e.id, e] as const))(
    'every rules sentence of %s has a template',
    (_, engine) => {
      const translator = rulesTranslator(EN, EN);
      expect(sentencesOf(engine).filter((text) => translator.missing(text))).toEqual([]);
    },
  );

  it.each(OTHERS)('%s has every template of en, with its placeholders, translated', (locale) => {
    const local = flattenTexts(texts(locale).rules);
    expect(Object.keys(local).sort()).toEqual(Object.keys(EN).sort());
    for (const [key, english] of Object.entries(EN)) {
      const value = local[key] ?? '';
      expect(value.trim(), `${locale} rules.${key}`).not.toBe('');
      expect(placeholders(value), `${locale} rules.${key}`).toEqual(placeholders(english));
      // A sentence of three words or more copied from English is not a translation.
      if (english.split(' ').length >= 3 && /[a-z]{3}/.test(english))
        expect(value, `${locale} rules.${key}`).not.toBe(english);
    }
  });

  it.each(OTHERS)('%s describes every game and studio of the catalogue', (locale) => {
    const { games = {}, providers = {} } = texts(locale);
    expect(Object.keys(games).sort()).toEqual(catalogue.map((g) => g.sysname).sort());
    expect(Object.keys(providers).sort()).toEqual(studios.map((p) => p.sysname).sort());
    for (const game of catalogue) {
      expect(games[game.sysname]?.trim(), `${locale} ${game.sysname}`).toBeTruthy();
      if (game.description)
        expect(games[game.sysname], `${locale} ${game.sysname}`).not.toBe(game.description);
    }
    for (const studio of studios)
      expect(providers[studio.sysname], studio.sysname).not.toBe(studio.description);
  });

  it.each(OTHERS)('%s: a slot’s rules panel has no sentence left in English', (locale) => {
    for (const slot of SLOT_DEFINITIONS) {
      const engine = ENGINES.find((e) => e.id === slot.id);
      if (!engine) throw new Error(slot.id);
      const english = engine.rules();
      const rules = localizeRules({ ...english, paytable: english.paytable }, locale, slot);
      const before = sentencesOf(engine).filter((t) => /[a-z]{3,} [a-z]{3,}/.test(t));
      const after = [rules.summary, ...rules.rules, ...rules.mapping, rules.rtpText];
      for (const sentence of after) expect(before, `${locale} ${slot.id}`).not.toContain(sentence);
    }
  });

  it('an operator’s own description is shown as written; the seed’s is translated', () => {
    const [game] = catalogue;
    const [studio] = studios;
    if (!game || !studio) throw new Error('empty catalogue');
    expect(gameDescription(game.sysname, game.description, 'de')).toBe(texts('de').games?.[game.sysname]);
    expect(gameDescription(game.sysname, 'Our pick of the week.', 'de')).toBe('Our pick of the week.');
    expect(gameDescription(game.sysname, game.description, 'en')).toBe(game.description);
    expect(providerDescription(studio.sysname, studio.description, 'ar')).toBe(
      texts('ar').providers?.[studio.sysname],
    );
  });
});
