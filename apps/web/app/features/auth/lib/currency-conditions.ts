/**
 * The currency conditions of spec §3 (emptyValue, defaultValue, changeCountryValue,
 * changeCountryFallbackValue), each naming emptyValue, firstValue or selectedValue, and the §4 country change:
 * region and document type go to their first option and the currency follows the rules.
 */
import type { TCurrencyRule, TRegistrationConfig, TRegistrationField } from './registration-config.ts';

const pick = (rule: TCurrencyRule, options: readonly string[], selected: string): string => {
  if (rule === 'emptyValue') return '';
  if (rule === 'firstValue') return options[0] ?? '';
  return selected;
};

/** The currency when the form opens; an empty result takes the emptyValue rule. */
export const initialCurrency = (config: TRegistrationConfig, siteCurrency: string): string => {
  const options = config.currencies;
  const value = pick(config.currency.defaultValue, options, siteCurrency);
  return value !== '' ? value : pick(config.currency.emptyValue, options, siteCurrency);
};

/** The currency after a country change: changeCountryValue, or its fallback when that is not offered. */
export const currencyAfterCountryChange = (
  config: TRegistrationConfig,
  options: readonly string[],
  selected: string,
): string => {
  const value = pick(config.currency.changeCountryValue, options, selected);
  if (value === '' || options.includes(value)) return value;
  return pick(config.currency.changeCountryFallbackValue, options, selected);
};

/** The values reset by a country change, given the country's new field definitions. */
export const resetsAfterCountryChange = (
  config: TRegistrationConfig,
  fields: readonly TRegistrationField[],
  selectedCurrency: string,
): Record<string, string> => {
  const first = (sysname: string) =>
    fields.find((f) => f.sysname === sysname)?.options.list?.[0]?.value ?? '';
  const resets: Record<string, string> = { region: first('region'), document_type: first('document_type') };
  const currencyField = fields.find((f) => f.sysname === 'currency');
  const currencyOptions = currencyField?.options.list?.map((o) => o.value) ?? config.currencies;
  resets.currency = currencyAfterCountryChange(config, currencyOptions, selectedCurrency);
  return resets;
};
