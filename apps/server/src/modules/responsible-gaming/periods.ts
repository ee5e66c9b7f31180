/** When a time-out or a self-exclusion ends: calendar months and years in UTC, days as 24 hours. */
import type { TSelfExclusionPeriod, TTimeOutPeriod } from '@casino/contracts/calls/responsible-gaming';

const DAY_MS = 86_400_000;

const addMonthsUtc = (from: Date, months: number) => {
  const d = new Date(from.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, lastDay));
  return d;
};

/** The end of an exclusion starting at `from`; null means permanent. */
export const exclusionEnd = (period: TTimeOutPeriod | TSelfExclusionPeriod, from: Date): Date | null => {
  if (period === 'permanent') return null;
  if (period === '24h') return new Date(from.getTime() + DAY_MS);
  if (period === '1w') return new Date(from.getTime() + 7 * DAY_MS);
  if (period === '1m') return addMonthsUtc(from, 1);
  const match = /^(\d+)([dmy])$/.exec(period);
  if (!match) throw new Error(`unknown exclusion period ${period}`);
  const n = Number(match[1]);
  if (match[2] === 'd') return new Date(from.getTime() + n * DAY_MS);
  return addMonthsUtc(from, match[2] === 'm' ? n : n * 12);
};
