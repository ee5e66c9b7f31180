/**
 * cashier.makewithdrawal: from the main balance only. Gates in order: method and amount, requisites (§5 rules),
 * a confirmed contact, identity verification over the threshold, per-transaction and per-period limits, the
 * registered checks (an active bonus is paused until the withdrawal settles, with the player's consent); then the
 * money moves main → house:withdrawals_pending in the same transaction, held until an operator approves
 * (review-withdrawal.ts) or the player cancels.
 */
import { type Cents, rules, toMajor } from '@casino/contracts';
import { sql } from 'drizzle-orm';
import type { TAppContext } from '../../platform/context.ts';
import type { TExecutor } from '../../platform/db/database.ts';
import { AppError, invalidParameters } from '../../platform/http/app-error.ts';
import { isSumsubOn } from '../../platform/sumsub-config.ts';
import {
  HOUSE,
  InsufficientFundsError,
  lockPlayerAccounts,
  postInTransaction,
  publishBalances,
  queryRows,
  toBigInt,
} from '../ledger/index.ts';
import type { TPlayer } from '../players/index.ts';
import { listContacts } from '../players/index.ts';
import { methodOfCall, parseAmount } from './amount.ts';
import { kycThreshold, type TPaymentMethod, type TRequisiteType, WITHDRAWAL_RULES } from './settings.ts';
import { runWithdrawalChecks } from './withdrawal-checks.ts';

export interface TMakeWithdrawalInput {
  methodId: number;
  method: string;
  amount: string;
  requisites: Record<string, string>;
  /** burn_bonuses=1: the player agreed to lose their bonuses if it is paid (modules/bonuses/withdrawal-forfeit.ts). */
  burnBonuses?: boolean;
}

const RULE_OF: Record<TRequisiteType, (value: string) => string | null> = {
  card_holder: rules.cardHolder,
  card_number: rules.cardNumber,
  iban: rules.iban,
  email: rules.email,
  bank: rules.required,
};

/** Checks each requisite with its §5 rule and answers the masked values we keep. */
const validRequisites = (method: TPaymentMethod, given: Record<string, string>) => {
  const failures: Record<string, string> = {};
  const kept: Record<string, string> = {};
  for (const field of method.withdrawalRequisites) {
    const value = (given[field.sysname] ?? '').trim();
    const failure = RULE_OF[field.type](value);
    if (failure) failures[field.sysname] = failure;
    else if (field.type === 'card_number') {
      const digits = value.replace(/\s/g, '');
      kept[field.sysname] = digits.includes('...') ? digits : `${digits.slice(0, 6)}...${digits.slice(-4)}`;
    } else kept[field.sysname] = field.type === 'iban' ? value.replace(/\s/g, '').toUpperCase() : value;
  }
  if (Object.keys(failures).length > 0) throw invalidParameters(failures);
  return kept;
};

export const withdrawnWithin = async (
  db: TExecutor,
  playerId: number,
  days: number,
  now: Date,
): Promise<Cents> => {
  const [row] = await queryRows<{ total: unknown }>(
    db,
    sql`select coalesce(sum(amount), 0)::text as total from cashier_transactions
        where player_id = ${playerId} and type = 'withdrawal' and status in ('pending', 'success')
          and created_at > ${new Date(now.getTime() - days * 86_400_000)}`,
  );
  return toBigInt(row?.total);
};

export const hasConfirmedContact = async (db: TExecutor, playerId: number) =>
  (await listContacts(db, playerId)).some((c) => c.isConfirmed);

export const makeWithdrawal = async (ctx: TAppContext, player: TPlayer, input: TMakeWithdrawalInput) => {
  const method = await methodOfCall(ctx.db, input);
  const amount = parseAmount(input.amount);
  if (amount < method.withdrawal.min)
    throw new AppError('InvalidParameterException', {
      invalid_parameters: { amount: 'sumError' },
      min_amount: toMajor(method.withdrawal.min),
      max_amount: toMajor(method.withdrawal.max),
    });
  if (amount > method.withdrawal.max)
    throw new AppError('WithdrawalLimitsExceededException', {
      min_amount: toMajor(method.withdrawal.min),
      max_amount: toMajor(method.withdrawal.max),
    });
  const requisites = validRequisites(method, input.requisites);
  if (!(await hasConfirmedContact(ctx.db, player.id)))
    throw new AppError('UserNeedConfirmContactException', {
      link: WITHDRAWAL_RULES.confirmContactLink,
      show: true,
    });
  const threshold = kycThreshold(ctx.config);
  // With Sumsub the refusal is the spec's SumsubVerificationRequiredException: the site opens Sumsub's flow.
  if (!player.isVerified && (player.isKycBlockEnabled || amount > threshold))
    throw new AppError(
      isSumsubOn(ctx.config) ? 'SumsubVerificationRequiredException' : 'KycWithdrawalException',
      { link: WITHDRAWAL_RULES.verificationLink, show: true, threshold: toMajor(threshold) },
    );

  const now = ctx.providers.clock.now();
  const id = ctx.providers.random.uuid();
  let bonusHeld = 0n;
  try {
    await ctx.db.transaction(async (tx) => {
      await lockPlayerAccounts(tx, [player.id]);
      for (const [period, days, limit] of [
        ['week', 7, WITHDRAWAL_RULES.perWeek],
        ['day', 1, WITHDRAWAL_RULES.perDay],
      ] as const) {
        const used = await withdrawnWithin(tx, player.id, days, now);
        if (used + amount > limit)
          throw new AppError('WithdrawalLimitsPeriodExceededException', {
            period,
            limit_amount: toMajor(limit),
            available_amount: toMajor(limit > used ? limit - used : 0n),
          });
      }
      ({ bonusHeld } = await runWithdrawalChecks({
        tx,
        ctx,
        player,
        amount,
        method: method.sysname,
        transactionId: id,
        burnBonuses: input.burnBonuses === true,
      }));
      await tx.execute(
        sql`insert into cashier_transactions (id, player_id, type, method, provider, amount, currency, status,
              requisites, created_at, updated_at)
            values (${id}, ${player.id}, 'withdrawal', ${method.sysname}, ${method.provider}, ${amount},
              ${player.currency}, 'pending', ${JSON.stringify(requisites)}::jsonb, ${now}, ${now})`,
      );
      await postInTransaction(tx, {
        idempotencyKey: `withdrawal:${id}`,
        kind: 'withdrawal.hold',
        reference: id,
        entries: [
          { account: { playerId: player.id, kind: 'main' }, amount: -amount },
          { account: HOUSE.withdrawalsPending, amount },
        ],
        at: now,
      });
    });
  } catch (error) {
    if (error instanceof InsufficientFundsError)
      throw new AppError('WithdrawalDeclinedException', { reason: 'insufficient_funds' });
    throw error;
  }
  await publishBalances(ctx.db, ctx.bus, [player.id]);
  return {
    transaction_id: id,
    status: 'pending' as const,
    amount: toMajor(amount),
    currency: player.currency,
    bonus_held: toMajor(bonusHeld),
  };
};
