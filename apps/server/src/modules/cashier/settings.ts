/** The cashier's operator settings: payment methods with their limits, amount presets, banks, withdrawal rules. */
import type { Cents } from '@casino/contracts';

export type TMethodType = 'card' | 'bank_transfer' | 'ewallet';
export type TRequisiteType = 'card_holder' | 'card_number' | 'iban' | 'email' | 'bank';

export interface TPaymentMethod {
  id: number;
  sysname: string;
  name: string;
  type: TMethodType;
  provider: string;
  deposit: { min: Cents; max: Cents };
  withdrawal: { min: Cents; max: Cents };
  /** What a withdrawal asks for (a deposit's card is entered on the provider's hosted page). */
  withdrawalRequisites: { sysname: string; type: TRequisiteType }[];
}

export const PAYMENT_METHODS: TPaymentMethod[] = [
  {
    id: 1,
    sysname: 'card',
    name: 'Bank card',
    type: 'card',
    provider: 'sandbox',
    deposit: { min: 1_000n, max: 500_000n },
    withdrawal: { min: 2_000n, max: 500_000n },
    withdrawalRequisites: [
      { sysname: 'card_holder', type: 'card_holder' },
      { sysname: 'card_number', type: 'card_number' },
    ],
  },
  {
    id: 2,
    sysname: 'bank_transfer',
    name: 'Bank transfer (IBAN)',
    type: 'bank_transfer',
    provider: 'sandbox',
    deposit: { min: 2_000n, max: 2_000_000n },
    withdrawal: { min: 5_000n, max: 2_000_000n },
    withdrawalRequisites: [
      { sysname: 'account_holder', type: 'card_holder' },
      { sysname: 'iban', type: 'iban' },
    ],
  },
  {
    id: 3,
    sysname: 'ewallet',
    name: 'E-wallet',
    type: 'ewallet',
    provider: 'sandbox',
    deposit: { min: 500n, max: 200_000n },
    withdrawal: { min: 1_000n, max: 200_000n },
    withdrawalRequisites: [{ sysname: 'email', type: 'email' }],
  },
];

/** Amount presets per currency shown as quick buttons on the deposit form (major units). */
export const AMOUNT_PRESETS = [
  { currency: 'USD', amount: [20, 50, 100, 250].map((value) => ({ value })) },
  { currency: 'EUR', amount: [20, 50, 100, 250].map((value) => ({ value })) },
  { currency: 'GBP', amount: [20, 50, 100, 200].map((value) => ({ value })) },
];

export const BANKS = [
  { id: 1, name: 'Deutsche Bank', bic: 'DEUTDEFF', country_code: 'DE' },
  { id: 2, name: 'BNP Paribas', bic: 'BNPAFRPP', country_code: 'FR' },
  { id: 3, name: 'ING Bank', bic: 'INGBNL2A', country_code: 'NL' },
  { id: 4, name: 'Barclays', bic: 'BARCGB22', country_code: 'GB' },
];

export const WITHDRAWAL_RULES = {
  perDay: 1_000_000n,
  perWeek: 3_000_000n,
  /** Where the site's button sends the player for each gate. */
  confirmContactLink: '/profile/settings',
  verificationLink: '/profile/verification',
} as const;

/**
 * Above this amount an unverified player must pass identity verification first: the operator's rule,
 * KYC_WITHDRAWAL_THRESHOLD (minor units; 2000.00 unless set).
 */
export const kycThreshold = (config: { KYC_WITHDRAWAL_THRESHOLD: number }) =>
  BigInt(config.KYC_WITHDRAWAL_THRESHOLD);

export const findMethod = (methodId: number, sysname: string): TPaymentMethod | undefined => {
  const byId = methodId > 0 ? PAYMENT_METHODS.find((m) => m.id === methodId) : undefined;
  const byName = sysname ? PAYMENT_METHODS.find((m) => m.sysname === sysname) : undefined;
  if (byId && byName && byId !== byName) return undefined;
  return byId ?? byName;
};
