/**
 * Names of UOF markets and outcomes: from the feed's market descriptions in the naming's locale when they describe
 * the market (market-descriptions.ts), else the names below of the markets the book always knew (English, or the
 * site's words for them in another locale: betting.markets.m{id} and betting.outcomes.* of content/locales), else
 * "Market 123". The site shows the names as given.
 */
import { FALLBACK_LOCALE, t } from '../i18n/index.ts';
import { describedMarketName, describedOutcomeName, type TNameInput } from './market-descriptions.ts';

export interface TNaming {
  home: string;
  away: string;
  specifiers: string;
  /** The site's locale (descriptions' names); English when absent. */
  locale?: string;
  /** How many competitors the event has (an outright's one names {$event}). */
  single?: boolean;
}

const inputOf = (marketId: number, n: TNaming): TNameInput => ({
  locale: n.locale ?? 'en',
  marketId,
  specifiers: n.specifiers,
  competitors: n.single ? [n.home] : [n.home, n.away],
});

const specifier = (specifiers: string, key: string) =>
  specifiers
    .split('|')
    .map((part) => part.split('='))
    .find(([k]) => k === key)?.[1] ?? '';

const signed = (value: string) => (value.startsWith('-') || value.startsWith('+') ? value : `+${value}`);
const negated = (value: string) =>
  value.startsWith('-') ? `+${value.slice(1)}` : `-${value.replace(/^\+/, '')}`;

const MARKETS: Record<number, (n: TNaming) => string> = {
  1: () => '1X2',
  10: () => 'Double chance',
  16: (n) => `Handicap ${signed(specifier(n.specifiers, 'hcp'))}`,
  18: (n) => `Total ${specifier(n.specifiers, 'total')}`,
  29: () => 'Both teams to score',
  186: () => 'Winner',
  219: () => 'Winner (incl. overtime)',
  223: (n) => `Handicap ${signed(specifier(n.specifiers, 'hcp'))} (incl. overtime)`,
  225: (n) => `Total (incl. overtime) ${specifier(n.specifiers, 'total')}`,
};

const OUTCOMES: Record<string, (n: TNaming) => string> = {
  '1': (n) => n.home,
  '2': () => 'Draw',
  '3': (n) => n.away,
  '4': (n) => n.home,
  '5': (n) => n.away,
  '9': (n) => `${n.home} or draw`,
  '10': (n) => `${n.home} or ${n.away}`,
  '11': (n) => `Draw or ${n.away}`,
  '12': (n) => `Over ${specifier(n.specifiers, 'total')}`,
  '13': (n) => `Under ${specifier(n.specifiers, 'total')}`,
  '74': () => 'Yes',
  '76': () => 'No',
  '1714': (n) => `${n.home} (${signed(specifier(n.specifiers, 'hcp'))})`,
  '1715': (n) => `${n.away} (${negated(specifier(n.specifiers, 'hcp'))})`,
};

/** The locale's own words, when the naming has a locale other than English. */
const localeOf = (n: TNaming) => (n.locale && n.locale !== FALLBACK_LOCALE ? n.locale : undefined);

/** Markets whose line the site's words carry as {line}: a handicap signed, a total as it is. */
const LINES: Record<number, (n: TNaming) => string> = {
  1: () => '',
  10: () => '',
  16: (n) => signed(specifier(n.specifiers, 'hcp')),
  18: (n) => specifier(n.specifiers, 'total'),
  29: () => '',
  186: () => '',
  219: () => '',
  223: (n) => signed(specifier(n.specifiers, 'hcp')),
  225: (n) => specifier(n.specifiers, 'total'),
};

const localMarketName = (marketId: number, n: TNaming) => {
  const locale = localeOf(n);
  const line = LINES[marketId];
  return locale && line ? t(locale, `betting.markets.m${marketId}`, { line: line(n) }) : undefined;
};

const LOCAL_OUTCOMES: Record<string, string> = { '12': 'over', '13': 'under', '74': 'yes', '76': 'no' };

const localOutcomeName = (marketId: number, outcomeId: string, n: TNaming) => {
  const locale = localeOf(n);
  if (!locale || !LINES[marketId]) return undefined;
  if (marketId === 1 && outcomeId === '2') return t(locale, 'betting.outcomes.draw');
  const word = LOCAL_OUTCOMES[outcomeId];
  return word ? t(locale, `betting.outcomes.${word}`, { line: specifier(n.specifiers, 'total') }) : undefined;
};

export const marketName = (marketId: number, naming: TNaming) =>
  describedMarketName(inputOf(marketId, naming)) ??
  localMarketName(marketId, naming) ??
  MARKETS[marketId]?.(naming) ??
  `Market ${marketId}`;

export const outcomeName = (marketId: number, outcomeId: string, naming: TNaming) => {
  const described = describedOutcomeName(inputOf(marketId, naming), outcomeId);
  if (described) return described;
  const local = localOutcomeName(marketId, outcomeId, naming);
  if (local) return local;
  // 1X2-style outcome ids mean home / draw / away only on markets 1 and 186; elsewhere they are the feed's own.
  if ((outcomeId === '1' || outcomeId === '2' || outcomeId === '3') && marketId !== 1)
    return `Outcome ${outcomeId}`;
  return OUTCOMES[outcomeId]?.(naming) ?? `Outcome ${outcomeId}`;
};

/** "Home v Away" (or the one competitor of an outright). */
export const eventName = (competitors: { name: string }[]) => competitors.map((c) => c.name).join(' v ');

export const namingOf = (competitors: { name: string }[], specifiers: string, locale?: string): TNaming => ({
  home: competitors[0]?.name ?? '',
  away: competitors[1]?.name ?? '',
  specifiers,
  ...(locale === undefined ? {} : { locale }),
  ...(competitors.length === 1 ? { single: true } : {}),
});
