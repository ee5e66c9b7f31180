/**
 * What a report is asked for: a range of days cut into periods, one currency, and optional dimensions; read from the
 * query string (a bad value is named and replaced by its default) and written back into one.
 */
import { isDay } from '../backoffice/index.ts';

export const PERIODS = ['day', 'week', 'month'] as const;
export type TPeriod = (typeof PERIODS)[number];
export const PRODUCTS = ['casino', 'betting'] as const;

export interface TReportFilter {
  from: string;
  /** Inclusive. */
  to: string;
  period: TPeriod;
  currency: string;
  game?: string;
  provider?: string;
  gameKind?: string;
  product?: string;
  country?: string;
}

const NAME = /^[\w.-]{1,64}$/;
const MAX_DAYS = 731;

const shift = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

export const parseReportFilter = (
  query: Record<string, string | undefined>,
  today: string,
  currencies: string[],
): { filter: TReportFilter; problems: string[] } => {
  const problems: string[] = [];
  const pick = (name: string, ok: (v: string) => boolean, fallback: string, label: string) => {
    const value = (query[name] ?? '').trim();
    if (value === '') return fallback;
    if (ok(value)) return value;
    problems.push(label);
    return fallback;
  };
  const to = pick('to', isDay, today, '“To” must be a date (YYYY-MM-DD).');
  let from = pick('from', isDay, shift(to, -29), '“From” must be a date (YYYY-MM-DD).');
  if (from > to) {
    problems.push('“From” is after “To”: showing the 30 days up to “To”.');
    from = shift(to, -29);
  }
  if (Date.parse(to) - Date.parse(from) > MAX_DAYS * 86_400_000) {
    problems.push(`A report covers ${MAX_DAYS} days at most: “From” moved.`);
    from = shift(to, -(MAX_DAYS - 1));
  }
  const period = pick(
    'period',
    (v) => (PERIODS as readonly string[]).includes(v),
    'day',
    'Choose day, week or month.',
  );
  const currency = pick(
    'currency',
    (v) => /^[A-Z]{3}$/.test(v),
    currencies[0] ?? 'USD',
    'A currency is 3 capital letters.',
  );
  const product = pick(
    'product',
    (v) => (PRODUCTS as readonly string[]).includes(v),
    '',
    'Choose casino or betting.',
  );
  const name = (key: string, label: string) =>
    pick(key, (v) => NAME.test(v), '', `${label} is not a valid name.`);
  const filter: TReportFilter = {
    from,
    to,
    period: period as TPeriod,
    currency,
    ...(product ? { product } : {}),
  };
  const game = name('game', 'The game');
  const provider = name('provider', 'The provider');
  const gameKind = name('kind', 'The game kind');
  const country = pick('country', (v) => /^[A-Z]{2}$/.test(v), '', 'A country is 2 capital letters.');
  if (game) filter.game = game;
  if (provider) filter.provider = provider;
  if (gameKind) filter.gameKind = gameKind;
  if (country) filter.country = country;
  return { filter, problems };
};

/** The filter as query parameters (for the CSV links and the chart's period switch). */
export const filterQuery = (f: TReportFilter, extra: Record<string, string> = {}) => {
  const q = new URLSearchParams({
    from: f.from,
    to: f.to,
    period: f.period,
    currency: f.currency,
    product: f.product ?? '',
    game: f.game ?? '',
    provider: f.provider ?? '',
    kind: f.gameKind ?? '',
    country: f.country ?? '',
    ...extra,
  });
  for (const [k, v] of [...q]) if (!v) q.delete(k);
  return q.toString();
};
