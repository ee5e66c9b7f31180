/**
 * Server-only: the games' words from `content/` in the page's locale — the engines' rules (through the templates
 * of `content/games/texts/{locale}.json`), the games' and studios' descriptions. Kept out of the message
 * namespaces on purpose: no page's messages carry them, and no code of them ships to the browser (ADR 017).
 */
import games from '../../../../../../content/games/games.json';
import providers from '../../../../../../content/games/providers.json';
import ar from '../../../../../../content/games/texts/ar.json';
import de from '../../../../../../content/games/texts/de.json';
import en from '../../../../../../content/games/texts/en.json';
import es from '../../../../../../content/games/texts/es.json';
import fr from '../../../../../../content/games/texts/fr.json';
import pt from '../../../../../../content/games/texts/pt.json';
import arGames from '../../../../../../content/locales/ar/games.json';
import deGames from '../../../../../../content/locales/de/games.json';
import enGames from '../../../../../../content/locales/en/games.json';
import esGames from '../../../../../../content/locales/es/games.json';
import frGames from '../../../../../../content/locales/fr/games.json';
import ptGames from '../../../../../../content/locales/pt/games.json';
import { bareName } from '../slot-art/symbol-name';
import { flattenTexts, rulesTranslator, type TTemplates } from './content-text';
import type { TRulesView, TSlotView } from './game-kinds';

interface TLocaleTexts {
  rules: unknown;
  games?: Record<string, string>;
  providers?: Record<string, string>;
}

const TEXTS: Record<string, TLocaleTexts> = { en, de, fr, es, pt, ar };
const SYMBOLS: Record<string, unknown> = {
  en: enGames.symbols,
  de: deGames.symbols,
  fr: frGames.symbols,
  es: esGames.symbols,
  pt: ptGames.symbols,
  ar: arGames.symbols,
};
const EN_RULES = flattenTexts(en.rules);
const rulesOf = new Map<string, TTemplates>();
const localRules = (locale: string) => {
  let rules = rulesOf.get(locale);
  if (!rules) {
    rules = flattenTexts(TEXTS[locale]?.rules ?? {});
    rulesOf.set(locale, rules);
  }
  return rules;
};

/** The seed's English texts: an operator's own description (a database edit) is shown as written. */
const SEED_GAMES = new Map(games.map((g) => [g.sysname, g.description]));
const SEED_PROVIDERS = new Map(providers.map((p) => [p.sysname, p.description]));

export const gameDescription = (sysname: string, shown: string, locale: string) =>
  shown === SEED_GAMES.get(sysname) ? (TEXTS[locale]?.games?.[sysname] ?? shown) : shown;

export const providerDescription = (sysname: string, shown: string, locale: string) =>
  shown === SEED_PROVIDERS.get(sysname) ? (TEXTS[locale]?.providers?.[sysname] ?? shown) : shown;

/** A slot symbol's name in the locale, from its English name (the reels' translations). */
const symbolNamer = (locale: string, slot: Pick<TSlotView, 'id' | 'symbols'> | null) => {
  const names = (SYMBOLS[locale] as Record<string, Record<string, string>> | undefined)?.[slot?.id ?? ''];
  return (english: string) => {
    const symbol = slot?.symbols.find((s) => bareName(s.name) === english || s.name === english);
    return (symbol && names?.[symbol.id]) || english;
  };
};

/** The rules panel's texts in the locale (English stays where no template matches). */
export const localizeRules = (
  rules: TRulesView,
  locale: string,
  slot: Pick<TSlotView, 'id' | 'symbols'> | null,
): TRulesView => {
  if (locale === 'en') return rules;
  const { text } = rulesTranslator(EN_RULES, localRules(locale), symbolNamer(locale, slot));
  return {
    summary: text(rules.summary),
    rules: rules.rules.map(text),
    mapping: rules.mapping.map(text),
    paytable: rules.paytable.map((row) => ({
      ...row,
      label: text(row.label),
      value: text(row.value),
      ...(row.note && { note: text(row.note) }),
    })),
    rtpText: text(rules.rtpText),
  };
};
