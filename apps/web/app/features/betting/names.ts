/** Market and outcome names in the page's language (by UOF id); team names come from the feed as they are. */
import type { TMarket } from '@casino/contracts/calls/sportsbook';

type TT = (key: string, options?: Record<string, unknown>) => string;

/** A market's line: a total as it is, a handicap signed (the home side's: -1.5, +0.5). */
const lineOf = (specifiers: string) => {
  const [key, value = ''] =
    specifiers
      .split('|')
      .map((p) => p.split('='))
      .find(([k]) => k === 'total' || k === 'hcp') ?? [];
  return key === 'hcp' && /^\d/.test(value) ? `+${value}` : value;
};

export const marketLabel = (t: TT, market: Pick<TMarket, 'id' | 'specifiers' | 'name'>) =>
  t(`betting.markets.m${market.id}`, { defaultValue: market.name, line: lineOf(market.specifiers) });

export const outcomeLabel = (
  t: TT,
  marketId: number,
  specifiers: string,
  outcome: { id: string; name: string },
) => {
  const line = lineOf(specifiers);
  if (marketId === 1 && outcome.id === '2') return t('betting.outcomes.draw', { defaultValue: 'Draw' });
  if (outcome.id === '12') return t('betting.outcomes.over', { defaultValue: outcome.name, line });
  if (outcome.id === '13') return t('betting.outcomes.under', { defaultValue: outcome.name, line });
  if (outcome.id === '74') return t('betting.outcomes.yes', { defaultValue: 'Yes' });
  if (outcome.id === '76') return t('betting.outcomes.no', { defaultValue: 'No' });
  return outcome.name;
};

export const sportLabel = (t: TT, sport: string, fallback: string) =>
  t(`betting.sports.${sport}`, { defaultValue: fallback });
