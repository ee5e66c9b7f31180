/**
 * A manual balance adjustment: credit or debit a player's main or bonus account against the house adjustments
 * account, with a mandatory reason. The ledger refuses a debit that would overdraw. The form's one-time key is
 * the idempotency key, so a double submit moves the money once; the audit row is written in the same database
 * transaction as the movement.
 */
import { type Cents, toCents } from '@casino/contracts';
import type { TAppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { HOUSE } from '../ledger/accounts.ts';
import { getBalances, publishBalances } from '../ledger/balances.ts';
import { IdempotencyConflictError, InsufficientFundsError, pgConstraint } from '../ledger/errors.ts';
import { postInTransaction } from '../ledger/post-transaction.ts';
import { recordAudit, type TActor } from './audit-log.ts';
import { requirePlayer } from './player-admin.ts';

export const ADJUSTABLE_ACCOUNTS = ['main', 'bonus'] as const;
export type TAdjustableAccount = (typeof ADJUSTABLE_ACCOUNTS)[number];
/** One adjustment moves at most this much (a typo guard: 100,000.00). */
export const MAX_ADJUSTMENT: Cents = 10_000_000n;

export interface TAdjustmentInput {
  playerId: number;
  account: string;
  direction: string;
  amount: string;
  reason: string;
  /** The form's one-time key (a UUID rendered into the form). */
  key: string;
}

const invalid = (field: string, code: string) =>
  new AppError('InvalidParameterException', { invalid_parameters: { [field]: code } });

const parseInput = (input: TAdjustmentInput) => {
  if (!(ADJUSTABLE_ACCOUNTS as readonly string[]).includes(input.account))
    throw invalid('account', 'wrongField');
  if (input.direction !== 'credit' && input.direction !== 'debit') throw invalid('direction', 'wrongField');
  let amount: Cents;
  try {
    amount = toCents(input.amount);
  } catch {
    throw invalid('amount', input.amount.trim() ? 'wrongField' : 'requiredField');
  }
  if (amount <= 0n) throw invalid('amount', 'wrongField');
  if (amount > MAX_ADJUSTMENT) throw invalid('amount', 'maxValue');
  const reason = input.reason.trim();
  if (reason.length < 5) throw invalid('reason', reason ? 'minLength' : 'requiredField');
  if (reason.length > 500) throw invalid('reason', 'maxLength');
  if (!/^[0-9a-f-]{36}$/i.test(input.key)) throw invalid('key', 'wrongField');
  return {
    account: input.account as TAdjustableAccount,
    direction: input.direction as 'credit' | 'debit',
    amount,
    reason,
  };
};

export const adjustBalance = async (ctx: TAppContext, actor: TActor, input: TAdjustmentInput) => {
  const player = await requirePlayer(ctx.db, input.playerId);
  const parsed = parseInput(input);
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
