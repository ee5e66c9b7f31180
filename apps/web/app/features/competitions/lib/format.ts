/** Money and durations as the competition pages show them (the page's locale; major units from the API). */
export const money = (amount: number, currency: string, locale: string) => {
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency, maximumFractionDigits: 2 }).format(
      amount,
    );
  } catch {
    return `${amount.toFixed(2)} ${currency}`;
  }
};

/** "2d 03:04:05" / "03:04:05" from milliseconds (never negative); `days` words the day count in the locale. */
export const countdown = (ms: number, days: (count: number) => string = (n) => `${n}d`) => {
  const total = Math.max(0, Math.floor(ms / 1000));
  const dayCount = Math.floor(total / 86_400);
  const hms = [Math.floor((total % 86_400) / 3600), Math.floor((total % 3600) / 60), total % 60]
    .map((n) => String(n).padStart(2, '0'))
    .join(':');
  return dayCount > 0 ? `${days(dayCount)} ${hms}` : hms;
};

export const points = (value: number, scoring: string | undefined, locale: string) =>
  scoring === 'multiplier'
    ? `×${value.toLocaleString(locale, { maximumFractionDigits: 2 })}`
    : value.toLocaleString(locale, { maximumFractionDigits: 2 });

/**
 * A jackpot pool to a ten-thousandth of a cent (the API's `amount_exact`, "10.005000") in the locale's currency
 * format, in three parts: `main` up to the cents, `sub` the digits below a cent (trailing zeros dropped, '' when
 * none) and `tail` what the locale writes after the number ("10,00" "5" " €"). The page shows `sub` smaller, so a pool
 * visibly grows with every stake, even by half a cent.
 */
export const poolMoney = (exact: string, currency: string, locale: string) => {
  try {
    const parts = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: 6,
      // A string keeps every digit (a number would round past ~15 of them).
    }).formatToParts(exact as Intl.StringNumericLiteral);
    let main = '';
    let sub = '';
    let tail = '';
    let after = false;
    for (const part of parts) {
      if (part.type === 'fraction') {
        main += part.value.slice(0, 2);
        sub = part.value.slice(2);
        after = true;
      } else if (after) tail += part.value;
      else main += part.value;
    }
    return { main, sub, tail };
  } catch {
    const [whole = '0', fraction = ''] = exact.split('.');
    return {
      main: `${whole}.${fraction.slice(0, 2).padEnd(2, '0')}`,
      sub: fraction.slice(2).replace(/0+$/, ''),
      tail: ` ${currency}`,
    };
  }
};
