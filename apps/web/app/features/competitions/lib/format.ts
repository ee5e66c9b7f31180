/**
 * Money, points and durations as the competition pages show them: spec §9 (thousands commas, 2 decimals, the
 * currency's symbol; the same in every locale) through the site's one formatter, lib/format.ts.
 */
import { CURRENCY_SYMBOLS } from '@casino/contracts/money';
import { formatAmount, formatNumber } from '../../../lib/format';

export const money = (amount: number, currency: string) => formatAmount(amount, currency);

/** "2d 03:04:05" / "03:04:05" from milliseconds (never negative); `days` words the day count in the locale. */
export const countdown = (ms: number, days: (count: number) => string = (n) => `${n}d`) => {
  const total = Math.max(0, Math.floor(ms / 1000));
  const dayCount = Math.floor(total / 86_400);
  const hms = [Math.floor((total % 86_400) / 3600), Math.floor((total % 3600) / 60), total % 60]
    .map((n) => String(n).padStart(2, '0'))
    .join(':');
  return dayCount > 0 ? `${days(dayCount)} ${hms}` : hms;
};

export const points = (value: number, scoring: string | undefined) =>
  scoring === 'multiplier' ? `×${formatNumber(value)}` : formatNumber(value);

/**
 * A jackpot pool to a ten-thousandth of a cent (the API's `amount_exact`, "10.005000") in three parts: `main` up
 * to the cents (§9: `$1,234.56`), `sub` the digits below a cent (trailing zeros dropped, '' when none) and `tail`
 * what follows the number (nothing for §9). The page shows `sub` smaller, so a pool visibly grows with every
 * stake, even by half a cent. The string is read digit by digit: a number would round a large pool.
 */
export const poolMoney = (exact: string, currency: string) => {
  const negative = exact.trim().startsWith('-');
  const [whole = '0', fraction = ''] = exact.trim().replace(/^[-+]/, '').split('.');
  const grouped = (whole.replace(/^0+(?=\d)/, '') || '0').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const symbol = CURRENCY_SYMBOLS[currency] ?? `${currency} `;
  return {
    main: `${negative ? '-' : ''}${symbol}${grouped}.${fraction.slice(0, 2).padEnd(2, '0')}`,
    sub: fraction.slice(2).replace(/0+$/, ''),
    tail: '',
  };
};
