/** Withdrawal requisites checked in the browser with the §5 rules: card holder, card number, IBAN, e-mail. */
import { cardHolder, cardNumber, email, iban, required } from '@casino/contracts/validation';

export type TRequisiteType = 'card_holder' | 'card_number' | 'iban' | 'email' | 'bank';

const RULES: Record<TRequisiteType, (value: string) => string | null> = {
  card_holder: cardHolder,
  card_number: cardNumber,
  iban,
  email,
  bank: required,
};

export const checkRequisite = (type: TRequisiteType, value: string, isRequired = true): string | null => {
  if (!isRequired && value.trim() === '') return null;
  return RULES[type](value);
};

/** What the field looks like while typed: card digits in groups of 4, IBAN upper-case in groups of 4. */
export const formatRequisite = (type: TRequisiteType, value: string): string => {
  if (type === 'card_number') {
    if (value.includes('.')) return value;
    return value
      .replace(/\D/g, '')
      .slice(0, 19)
      .replace(/(\d{4})(?=\d)/g, '$1 ');
  }
  if (type === 'iban')
    return value
      .replace(/[^A-Za-z0-9]/g, '')
      .toUpperCase()
      .slice(0, 34)
      .replace(/(.{4})(?=.)/g, '$1 ');
  return value;
};

/** The value sent to makewithdrawal: spaces out of card numbers and IBANs. */
export const requisiteParam = (type: TRequisiteType, value: string) =>
  type === 'card_number' || type === 'iban' ? value.replace(/\s/g, '') : value.trim();

export const REQUISITE_LABELS: Record<TRequisiteType, string> = {
  card_holder: 'Card holder',
  card_number: 'Card number',
  iban: 'IBAN',
  email: 'E-mail',
  bank: 'Bank',
};

export const REQUISITE_PLACEHOLDERS: Record<TRequisiteType, string> = {
  card_holder: 'JOHN SMITH',
  card_number: '0000 0000 0000 0000',
  iban: 'DE89 3704 0044 0532 0130 00',
  email: 'name@example.com',
  bank: '',
};

/** How a stored requisite key reads on a receipt. */
export const requisiteLabel = (key: string) =>
  key === 'account_holder'
    ? 'Account holder'
    : (REQUISITE_LABELS[key as TRequisiteType] ??
      key.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase()));

const METHOD_NAMES: Record<string, string> = {
  card: 'Bank card',
  bank_transfer: 'Bank transfer',
  ewallet: 'E-wallet',
};

/** A method's display name from its sysname (history rows carry only the sysname). */
export const methodName = (sysname: string) => METHOD_NAMES[sysname] ?? sysname;
