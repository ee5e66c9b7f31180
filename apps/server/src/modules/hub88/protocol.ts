/**
 * The Wallet API's shapes as Hub88's Operator API documents them: the requests Hub88 sends to our
 * `/hub88/wallet/...` endpoints, the `RS_*` statuses we answer with, and the amounts: integers in the currency's
 * units × 100000 (EUR 1.23 is 123000), which our ledger holds in cents (× 100), so one cent is 1000 of Hub88's.
 */
import { type Cents, toCents } from '@casino/contracts';
import { z } from 'zod';

export const HUB88_STATUSES = [
  'RS_OK',
  'RS_ERROR_UNKNOWN',
  'RS_ERROR_INVALID_PARTNER',
  'RS_ERROR_INVALID_TOKEN',
  'RS_ERROR_INVALID_GAME',
  'RS_ERROR_WRONG_CURRENCY',
  'RS_ERROR_NOT_ENOUGH_MONEY',
  'RS_ERROR_USER_DISABLED',
  'RS_ERROR_INVALID_SIGNATURE',
  'RS_ERROR_TOKEN_EXPIRED',
  'RS_ERROR_WRONG_SYNTAX',
  'RS_ERROR_WRONG_TYPES',
  'RS_ERROR_DUPLICATE_TRANSACTION',
  'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
  'RS_ERROR_TRANSACTION_ROLLED_BACK',
  'RS_ERROR_LIMIT_REACHED',
] as const;
export type THub88Status = (typeof HUB88_STATUSES)[number];

/** The largest amount one call moves: 10^12 cents, as the seamless wallet's own API allows. */
export const MAX_WALLET_AMOUNT_CENTS = 1_000_000_000_000n;

/** Hub88's units in one cent of ours (units × 100000 per currency unit; cents × 100). */
export const UNITS_PER_CENT = 1000n;

export const toHub88Amount = (cents: Cents) => Number(cents * UNITS_PER_CENT);
export const toHub88Balance = (major: number) => toHub88Amount(toCents(major));

/** Hub88's amount as cents; null when it is not a whole number of cents or is out of range. */
export const fromHub88Amount = (units: number): Cents | null => {
  if (!Number.isSafeInteger(units) || units < 0) return null;
  const value = BigInt(units);
  if (value % UNITS_PER_CENT !== 0n) return null;
  const cents = value / UNITS_PER_CENT;
  return cents <= MAX_WALLET_AMOUNT_CENTS ? cents : null;
};

const id = z
  .string()
  .min(1)
  .max(200)
  .refine((v) => !v.includes('\u0000'));
const units = z.number().int().min(0);

export const ZUserInfoRequest = z.object({ user: id, request_uuid: id });

export const ZBalanceRequest = z.object({
  user: id,
  token: id,
  request_uuid: id,
  game_code: z.string().nullish(),
});

const ZTransactionBase = z.object({
  user: id,
  token: id,
  request_uuid: id,
  transaction_uuid: id,
  round: id,
  round_closed: z.boolean().nullish(),
  game_code: z.string().nullish(),
  supplier_transaction_id: z.string().nullish(),
  meta: z.unknown().optional(),
});

export const ZBetRequest = ZTransactionBase.extend({
  currency: z.string().min(3).max(8),
  amount: units,
  bet: z.string().nullish(),
  is_free: z.boolean().nullish(),
  reward_uuid: z.string().nullish(),
});

export const ZWinRequest = ZBetRequest.extend({ reference_transaction_uuid: id });

export const ZRollbackRequest = ZTransactionBase.extend({ reference_transaction_uuid: id });

export type TBetRequest = z.output<typeof ZBetRequest>;
export type TWinRequest = z.output<typeof ZWinRequest>;
export type TRollbackRequest = z.output<typeof ZRollbackRequest>;

/** A body that failed its schema: a field missing is bad syntax, a field of the wrong kind bad types. */
export const statusOfInvalid = (error: z.ZodError): THub88Status =>
  error.issues.some((i) => i.code === 'invalid_type' && i.message.includes('undefined'))
    ? 'RS_ERROR_WRONG_SYNTAX'
    : 'RS_ERROR_WRONG_TYPES';

/** Every Wallet API answer: the user, the status, the request's id echoed, and the balance when known. */
export interface TWalletReply {
  user: string;
  status: THub88Status;
  request_uuid: string;
  currency?: string;
  balance?: number;
}

/** Our player's id at Hub88 ("user", at least 4 characters, no personal data). */
export const userOf = (playerId: number) => `player-${playerId}`;
export const playerOfUser = (user: string) => {
  const match = /^player-(\d{1,15})$/.exec(user);
  return match ? Number(match[1]) : null;
};
