/**
 * A manual balance adjustment: credit or debit a player's main or bonus account against the house adjustments
 * account, with a mandatory reason. The ledger refuses a debit that would overdraw. The form's one-time key is
 * the idempotency key, so a double submit moves the money once; the audit row is written in the same database
 * transaction as the movement.
 */
import type { Cents } from '@casino/contracts';
import { z } from 'zod';
import type { TAppContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/http/app-error.ts';
import {
  formAmount,
  formChoice,
  formKey,
  formReason,
  recordAudit,
  type TActor,
} from '../../backoffice/index.ts';
import {
  getBalances,
  HOUSE,
  IdempotencyConflictError,
  InsufficientFundsError,
  pgConstraint,
  postInTransaction,
  publishBalances,
} from '../../ledger/index.ts';
import { requirePlayer } from '../../players/index.ts';

export const ADJUSTABLE_ACCOUNTS = ['main', 'bonus'] as const;
export type TAdjustableAccount = (typeof ADJUSTABLE_ACCOUNTS)[number];
/** One adjustment moves at most this much (a typo guard: 100,000.00). */
export const MAX_ADJUSTMENT: Cents = 10_000_000n;

/**
 * The adjustment form: which balance, credit or debit, a positive amount of at most MAX_ADJUSTMENT, a reason of 5
 * to 500 characters, and the form's one-time key (a UUID).
 */
export const ZAdjustmentForm = z.object({
  account: formChoice(ADJUSTABLE_ACCOUNTS),
  direction: formChoice(['credit', 'debit']),
  amount: formAmount().refine((cents) => cents <= MAX_ADJUSTMENT, 'maxValue'),
  reason: formReason(),
  key: formKey(),
});
export type TAdjustment = z.output<typeof ZAdjustmentForm> & { playerId: number };

export const adjustBalance = async (ctx: TAppContext, actor: TActor, input: TAdjustment) => {
  const player = await requirePlayer(ctx.db, input.playerId);
  const parsed = {
    account: input.account,
    direction: input.direction,
    amount: input.amount,
    reason: input.reason,
  };
  const signed = parsed.direction === 'credit' ? parsed.amount : -parsed.amount;
  const at = ctx.providers.clock.now();
  let result: { replayed: boolean; before: Cents; after: Cents; transactionId: number };
  try {
    result = await ctx.db.transaction(async (tx) => {
      const posted = await postInTransaction(tx, {
        idempotencyKey: `adjustment:${input.key}`,
        kind: `adjustment.${parsed.direction}`,
        reference: `player:${player.id}`,
        entries: [
          { account: { playerId: player.id, kind: parsed.account }, amount: signed },
          { account: HOUSE.adjustments, amount: -signed },
        ],
        meta: { operator: actor.email, operator_id: actor.id, reason: parsed.reason },
        at,
      });
      const entry = posted.entries.find((e) => e.account === `player:${player.id}:${parsed.account}`);
      const after = entry?.balanceAfter ?? (await getBalances(tx, player.id))[parsed.account];
      const before = after - signed;
      if (!posted.replayed)
        await recordAudit(tx, actor, {
          action: `balance.${parsed.direction}`,
          target: { type: 'player', id: player.id },
          before: { account: parsed.account, balance: before.toString() },
          after: {
            account: parsed.account,
            balance: after.toString(),
            amount: signed.toString(),
            transaction_id: posted.id,
          },
          reason: parsed.reason,
          dedupeKey: `adjustment:${input.key}`,
          at,
        });
      return { replayed: posted.replayed, before, after, transactionId: posted.id };
    });
  } catch (error) {
    if (
      error instanceof InsufficientFundsError ||
      pgConstraint(error) === 'ledger_accounts_balance_non_negative'
    )
      throw new AppError('InvalidParameterException', {
        invalid_parameters: { amount: 'insufficientFunds' },
      });
    if (error instanceof IdempotencyConflictError)
      throw new AppError('InvalidParameterException', { invalid_parameters: { key: 'used' } });
    throw error;
  }
  if (!result.replayed) await publishBalances(ctx.db, ctx.bus, [player.id]);
  return { ...result, player, ...parsed };
};
