/** Money reads like money: integer minor units (`Cents`) in code, major units with 2 decimals on the wire. */
export type Cents = bigint;

/** Parses a major-unit amount ("1,234.5", 12.34) into cents without ever going through a float product. */
export const toCents = (major: string | number): Cents => {
  const text = (typeof major === 'number' ? major.toFixed(2) : major).replace(/,/g, '').trim();
  const match = /^(-)?(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) throw new RangeError(`not an amount: ${major}`);
  const cents = BigInt(match[2] ?? '0') * 100n + BigInt((match[3] ?? '').padEnd(2, '0') || '0');
  return match[1] ? -cents : cents;
};

/** Cents as a major-unit number for the API (exact for any realistic balance: < 2^53 cents). */
export const toMajor = (cents: Cents): number => Number(cents) / 100;

/** `1234567` cents → `12,345.67`; with a currency, `$12,345.67`. */
export const formatMoney = (cents: Cents, currency?: string): string => {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  const whole = (abs / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const fraction = (abs % 100n).toString().padStart(2, '0');
  const symbol = currency === undefined ? '' : (CURRENCY_SYMBOLS[currency] ?? `${currency} `);
  return `${negative ? '-' : ''}${symbol}${whole}.${fraction}`;
};

export const CURRENCY_SYMBOLS: Record<string, string> = { USD: '$', EUR: '€', GBP: '£' };
export const DEFAULT_CURRENCY = 'USD';
