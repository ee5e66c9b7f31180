/** What a report is asked for: a range of days cut into periods, one currency, and optional dimensions. */
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
