/** The cashier calls of spec §7 (deposits, withdrawals, history) and the deposit limit of the profile page. */
import { z } from 'zod';
import { defineCall, type TCallContract, zFlag, zInt, zText } from '../call.ts';

const ZMoneyValue = z.number();

export const DEPOSIT_LIMIT_PERIODS = ['1', '7', '14', '30'] as const;
export const CASHIER_HISTORY_TYPES = ['deposit', 'withdrawal'] as const;
/**
 * new: opened, not paid on the provider's page yet; pending: under way at the provider; success: completed (a
 * deposit credited, a withdrawal paid out); failed; cancelled (by the player); expired: a deposit left unfinished
 * (DEPOSIT_EXPIRY_MINUTES); refunded: a deposit paid but not credited, its money returned (see CASHIER_REASONS).
 */
export const CASHIER_STATUSES = [
  'new',
  'pending',
  'success',
  'failed',
  'cancelled',
  'expired',
  'refunded',
] as const;
/**
 * Why a deposit was refunded (it came past the deposit limit, or after the player cancelled it), or why a withdrawal
 * failed with its money returned: an operator declined it (`declined`).
 */
export const CASHIER_REASONS = ['deposit_limit', 'cancelled', 'declined'] as const;

/** The deposit limit (spec §3): period 'none' when no limit; expired_at is unix seconds of a pending change. */
export const ZCashierDepositLimit = z.object({
  available_amount: z.number().nullable(),
  can_edit: z.boolean(),
  expired_at: z.number().int().nullable(),
  limit_amount: z.number().nullable(),
  period: z.string(),
});

/** A field the player fills for a method (requisites), with the §5 rule that checks it. */
export const ZRequisiteField = z.object({
  sysname: z.string(),
  type: z.enum(['card_holder', 'card_number', 'iban', 'email', 'bank']),
  is_required: z.boolean(),
});

export const ZPaymentMethod = z.object({
  id: z.number().int(),
  sysname: z.string(),
  name: z.string(),
  type: z.enum(['card', 'bank_transfer', 'ewallet']),
  currency: z.string(),
  min_amount: ZMoneyValue,
  max_amount: ZMoneyValue,
  requisites: z.array(ZRequisiteField),
});

/** Amount presets per currency (spec §3): `{ currency, amount: [{ value }] }`. */
export const ZAmountPresets = z.array(
  z.object({ currency: z.string(), amount: z.array(z.object({ value: z.number() })) }),
);

/**
 * Requisites arrive as JSON text (`requisites={"card_number":"…"}`) or as bracketed form fields
 * (`requisites[card_number]=…`); both become one record of strings.
 */
const gatherRequisites = (input: unknown) => {
  if (!input || typeof input !== 'object') return input;
  const source = input as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  const requisites: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(source)) {
    const bracket = /^requisites\[([A-Za-z0-9_]+)\]$/.exec(key);
    if (bracket?.[1]) requisites[bracket[1]] = value;
    else out[key] = value;
  }
  const raw = source.requisites;
  if (typeof raw === 'string' && raw !== '') {
    try {
      Object.assign(requisites, JSON.parse(raw) as Record<string, unknown>);
    } catch {
      out.requisites = raw;
      return out;
    }
  } else if (raw && typeof raw === 'object') Object.assign(requisites, raw);
  out.requisites = requisites;
  return out;
};

const ZRequisites = z.record(z.string(), z.string(), { error: 'wrongField' }).default({});

const zMethodParams = () => ({
  methodId: zInt({ min: 0, fallback: 0 }),
  method: zText(),
  amount: zText(),
  requisites: ZRequisites,
});

export const ZGetDepositSettings = defineCall({
  name: 'cashier.getdepositsettings',
  method: 'GET',
  access: 'user',
  summary: 'Deposit methods (sysname, limits, requisite fields) and amount presets per currency.',
  params: z.object({}).loose(),
  data: z.object({
    methods: z.array(ZPaymentMethod),
    amount_presets: ZAmountPresets,
    currency: z.string(),
    deposit_limit: ZCashierDepositLimit,
  }),
});

export const ZGetDepositInfo = defineCall({
  name: 'cashier.getdepositinfo',
  method: 'GET',
  access: 'user',
  summary: "The player's deposit record: count, total, last deposit and the deposit limit.",
  params: z.object({}).loose(),
  data: z.object({
    deposits_count: z.number().int(),
    has_deposits: z.boolean(),
    total_amount: ZMoneyValue,
    last_deposit_at: z.number().int().nullable(),
    currency: z.string(),
    deposit_limit: ZCashierDepositLimit,
  }),
});

export const ZGetBanks = defineCall({
  name: 'cashier.getbanks',
  method: 'GET',
  access: 'user',
  summary: 'Banks a bank transfer can go to.',
  params: z.object({}).loose(),
  data: z.object({
    items: z.array(
      z.object({ id: z.number().int(), name: z.string(), bic: z.string(), country_code: z.string() }),
    ),
  }),
});

export const ZGetWithdrawSettings = defineCall({
  name: 'cashier.getwithdrawsettings',
  method: 'GET',
  access: 'user',
  summary: 'Withdrawal methods, the withdrawable (main) balance, limits and the verification threshold.',
  params: z.object({}).loose(),
  data: z.object({
    methods: z.array(ZPaymentMethod),
    available_amount: ZMoneyValue,
    currency: z.string(),
    limits: z.object({
      per_day: ZMoneyValue,
      per_week: ZMoneyValue,
      available_today: ZMoneyValue,
      available_this_week: ZMoneyValue,
    }),
    kyc_threshold: ZMoneyValue,
    is_verified: z.boolean(),
    has_confirmed_contact: z.boolean(),
    /**
     * Bonus money a withdrawal would cost if it is paid: `active`, the active bonus a new withdrawal pauses; `held`,
     * bonuses already paused by pending withdrawals (back if they are cancelled or declined). 0 under isolation.
     */
    bonus_at_stake: z.object({ active: ZMoneyValue, held: ZMoneyValue }),
  }),
});

export const ZMakeDeposit = defineCall({
  name: 'cashier.makedeposit',
  method: 'POST',
  access: 'user',
  summary: 'Starts a deposit and answers the URL of the hosted payment page.',
  params: z.preprocess(
    gatherRequisites,
    z.object({ ...zMethodParams(), campaign_offer_id: zInt({ fallback: -1 }) }).loose(),
  ),
  data: z.object({
    transaction_id: z.string(),
    redirect_url: z.string(),
    status: z.enum(CASHIER_STATUSES),
  }),
});

export const ZMakeWithdrawal = defineCall({
  name: 'cashier.makewithdrawal',
  method: 'POST',
  access: 'user',
  summary:
    "Requests a withdrawal from the main balance; the money is held until an operator approves it. While a bonus is active or paused by another pending withdrawal (bonus isolation off), the withdrawal pauses it until it is settled: paid, the bonus is forfeited; cancelled or declined, it comes back. Without burn_bonuses=1 it is refused with invalid_parameters.burn_bonuses = 'required' and burn_amount, the bonus money that would be lost.",
  params: z.preprocess(
    gatherRequisites,
    z
      .object({
        ...zMethodParams(),
        /** '1': the player agrees to lose their active bonuses (the burn-bonuses confirm). */
        burn_bonuses: zFlag(),
      })
      .loose()
      .transform(({ burn_bonuses, ...rest }) => ({ ...rest, burnBonuses: burn_bonuses })),
  ),
  data: z.object({
    transaction_id: z.string(),
    status: z.enum(CASHIER_STATUSES),
    amount: ZMoneyValue,
    currency: z.string(),
    /** The bonus money this withdrawal paused: lost when it is paid, back when it is cancelled or declined. */
    bonus_held: ZMoneyValue,
  }),
});

export const ZCancelWithdrawal = defineCall({
  name: 'cashier.cancelwithdrawal',
  method: 'POST',
  access: 'user',
  summary:
    'Cancels a withdrawal still waiting for approval; the money returns to the main balance, and a bonus it paused comes back.',
  params: z
    .object({ transaction_id: zText(), id: zText() })
    .loose()
    .transform((p) => ({ transaction_id: p.transaction_id || p.id })),
  data: z.object({
    transaction_id: z.string(),
    status: z.enum(CASHIER_STATUSES),
    /** The bonus money that came back with the cancel (0 when the withdrawal paused none, or it had expired). */
    bonus_returned: ZMoneyValue,
  }),
});

export const ZCancelDeposit = defineCall({
  name: 'cashier.canceldeposit',
  method: 'POST',
  access: 'user',
  summary:
    "Cancels the player's deposit that is still new or pending; the payment is voided at the provider, and money that arrives anyway is refunded. A deposit already settled is refused with BillingTransactionDeclinedException (reason not_cancellable).",
  params: z
    .object({ transaction_id: zText(), id: zText() })
    .loose()
    .transform((p) => ({ transaction_id: p.transaction_id || p.id })),
  data: z.object({ transaction_id: z.string(), status: z.enum(CASHIER_STATUSES) }),
});

export const ZCashierHistoryItem = z.object({
  id: z.string(),
  type: z.enum(CASHIER_HISTORY_TYPES),
  status: z.enum(CASHIER_STATUSES),
  amount: ZMoneyValue,
  currency: z.string(),
  method: z.string(),
  requisites: z.record(z.string(), z.string()),
  created_at: z.number().int(),
  updated_at: z.number().int(),
  /** A pending withdrawal, or a deposit still new or pending (cancelwithdrawal / canceldeposit). */
  can_cancel: z.boolean(),
  /** Why a refunded deposit was refunded, or `declined`: a withdrawal an operator declined (refunded); null otherwise. */
  reason: z.enum(CASHIER_REASONS).nullable(),
  /** A declined withdrawal's reason in the operator's words (the decline's confirmation says the player sees it). */
  decline_reason: z.string().nullable().optional(),
});

export const ZGetHistory = defineCall({
  name: 'cashier.gethistory',
  method: 'GET',
  access: 'user',
  summary: "The player's deposits and withdrawals, newest first; count is the total matching.",
  params: z
    .object({
      type: zText().pipe(z.enum(['', 'all', ...CASHIER_HISTORY_TYPES], { error: 'wrongField' })),
      status: zText().pipe(z.enum(['', ...CASHIER_STATUSES], { error: 'wrongField' })),
      offset: zInt({ min: 0, fallback: 0 }),
      count: zInt({ min: 1, max: 100, fallback: 20 }),
    })
    .loose(),
  data: z.object({ items: z.array(ZCashierHistoryItem), count: z.number().int() }),
});

export const ZSetDepositLimit = defineCall({
  name: 'cashier.setdepositlimit',
  method: 'POST',
  access: 'user',
  summary:
    'Sets the deposit limit for 1, 7, 14 or 30 days (or none). A decrease applies at once; an increase or removal after 24 hours.',
  params: z
    .object({
      period: zText().pipe(z.enum(['none', ...DEPOSIT_LIMIT_PERIODS], { error: 'wrongField' })),
      amount: zText(),
    })
    .loose(),
  data: ZCashierDepositLimit.extend({
    pending_amount: z.number().nullable(),
    pending_period: z.string().nullable(),
  }),
});

export const cashierCalls: TCallContract[] = [
  ZGetDepositSettings,
  ZGetDepositInfo,
  ZGetBanks,
  ZGetWithdrawSettings,
  ZMakeDeposit,
  ZMakeWithdrawal,
  ZCancelWithdrawal,
  ZCancelDeposit,
  ZGetHistory,
  ZSetDepositLimit,
];
