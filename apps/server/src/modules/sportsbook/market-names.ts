/**
 * Names of UOF markets and outcomes: from the feed's market descriptions in the naming's locale when they describe
 * the market (market-descriptions.ts), else the English names below of the markets the book always knew (the site
 * translates those by market id and outcome id), else "Market 123".
 */
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

export const marketName = (marketId: number, naming: TNaming) =>
  describedMarketName(inputOf(marketId, naming)) ?? MARKETS[marketId]?.(naming) ?? `Market ${marketId}`;

export const outcomeName = (marketId: number, outcomeId: string, naming: TNaming) => {
  const described = describedOutcomeName(inputOf(marketId, naming), outcomeId);
  if (described) return described;
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
