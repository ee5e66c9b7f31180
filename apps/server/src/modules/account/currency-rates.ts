/**
 * Reference exchange rates for display (units of each currency for 1 USD). Accounts hold USD only, so no
 * money is ever converted with these; they are a seeded table until an operator feed replaces them.
 */
export const RATES_BASE = 'USD';
export const REFERENCE_RATES: Record<string, number> = {
  USD: 1,
  EUR: 0.92,
  GBP: 0.79,
  CAD: 1.37,
  AUD: 1.52,
  BRL: 5.4,
  MXN: 18.2,
  TRY: 34.1,
  INR: 84.0,
  JPY: 151.0,
};

export const currencyRates = () => ({ base: RATES_BASE, rates: { ...REFERENCE_RATES } });
