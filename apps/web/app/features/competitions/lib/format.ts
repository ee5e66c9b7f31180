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
