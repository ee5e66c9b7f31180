/**
 * The cashback calls of spec §7 (namespace `cashbacks`): the player's cashbacks (§3 Cashback: id, status active |
 * paid_out, description, receiving_expired_at, end_date), claiming one (payout) and dismissing one (remove).
 * Amounts are major units with 2 decimals.
 */
import { z } from 'zod';
import { defineCall, type TCallContract, zId, zInt, zList, zText } from '../call.ts';

export const CASHBACK_STATUSES = ['active', 'paid_out'] as const;
export type TCashbackStatus = (typeof CASHBACK_STATUSES)[number];
/** Field codes on `cashback_id`: unknown or not the player's, no longer claimable (paid, lapsed). */
export const CASHBACK_REFUSALS = ['wrongField', 'cashbackNotActive'] as const;

export const ZCashback = z.object({
  id: z.number().int(),
  status: z.enum(CASHBACK_STATUSES),
  description: z.object({ title: z.string(), text: z.string() }),
  /** ISO 8601: until when it can be claimed; null once paid. */
  receiving_expired_at: z.string().nullable(),
  /** ISO 8601: the end of the period it was earned in. */
  end_date: z.string(),
  start_date: z.string(),
  amount: z.number(),
  /** The period's net losses it was computed from. */
  net_loss: z.number(),
  /** Paid as real money or as a bonus with its own wagering. */
  payout: z.enum(['real', 'bonus']),
});
export type TCashback = z.output<typeof ZCashback>;

const ZCashbackId = z
  .object({ cashback_id: zId('bigint', { fallback: 0 }), id: zId('bigint', { fallback: 0 }) })
  .loose()
  .transform((p, ctx) => {
    const id = p.cashback_id || p.id;
    if (!id) {
      ctx.addIssue({ code: 'custom', message: 'requiredField', path: ['cashback_id'] });
      return z.NEVER;
    }
    return { cashback_id: id };
  });

export const ZCashbacksGet = defineCall({
  name: 'cashbacks.get',
  method: 'GET',
  access: 'user',
  summary:
    "The player's cashbacks: active ones to claim and paid ones (the unseen-cashback popup asks for the newest: count=1, sort=end_date, order=desc).",
  params: z
    .object({
      count: zInt({ min: 1, max: 100, fallback: 20 }),
      offset: zInt({ min: 0, fallback: 0 }),
      sort: zText().pipe(z.enum(['', 'end_date', 'id'], { error: 'wrongField' })),
      order: zText().pipe(z.enum(['', 'asc', 'desc'], { error: 'wrongField' })),
      statuses: zList().transform((list, ctx) => {
        if (list.every((s): s is TCashbackStatus => (CASHBACK_STATUSES as readonly string[]).includes(s)))
          return list;
        ctx.addIssue({ code: 'custom', message: 'wrongField' });
        return z.NEVER;
      }),
      fields: zList(),
    })
    .loose(),
  data: z.object({
    count: z.number().int(),
    items: z.array(ZCashback.partial().extend({ id: z.number().int() })),
  }),
});

export const ZCashbacksPayout = defineCall({
  name: 'cashbacks.payout',
  method: 'POST',
  access: 'user',
  summary:
    'Claims an active cashback (cashback_id): real money to the main balance, or a bonus with its own wagering. Refused to a self-excluded or timed-out player.',
  params: ZCashbackId,
  data: ZCashback,
});

export const ZCashbacksRemove = defineCall({
  name: 'cashbacks.remove',
  method: 'POST',
  access: 'user',
  summary: 'Dismisses a cashback (cashback_id): an active one is given up, a paid one leaves the list.',
  params: ZCashbackId,
  data: z.object({ id: z.number().int(), removed: z.literal(true) }),
});

export const cashbacksCalls: TCallContract[] = [ZCashbacksGet, ZCashbacksPayout, ZCashbacksRemove];
