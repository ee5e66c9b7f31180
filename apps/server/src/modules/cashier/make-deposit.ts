/**
 * cashier.makedeposit: checks the method's min/max and the deposit limit inside one transaction under the
 * player's lock, records the deposit, then opens the payment at the provider and answers its page URL.
 * A chosen deposit offer (campaign_offer_id, -1 for none) is checked there too and stored on the deposit.
 * Main is credited later, once, when the provider's signed webhook says paid (settle-deposit.ts).
 */
import { toMajor } from '@casino/contracts';
import { sql } from 'drizzle-orm';
import type { TAppContext } from '../../platform/context.ts';
import { AppError, invalidParameters } from '../../platform/http/app-error.ts';
import { lockPlayerAccounts } from '../ledger/index.ts';
import { findPaymentProvider } from '../payments/index.ts';
import type { TPlayer } from '../players/index.ts';
import { assertMayDeposit } from '../responsible-gaming/index.ts';
import { methodOfCall, parseAmount } from './amount.ts';
import { assertDepositWithinLimit } from './deposit-limit.ts';
import { checkDepositOffer, countSuccessfulDeposits, NO_OFFER } from './deposit-offers.ts';
import { assertProfileForDeposit } from './deposit-profile.ts';

export interface TMakeDepositInput {
  methodId: number;
  method: string;
  amount: string;
  campaign_offer_id: number;
}

export const makeDeposit = async (ctx: TAppContext, player: TPlayer, input: TMakeDepositInput) => {
  const method = await methodOfCall(ctx.db, input);
  const amount = parseAmount(input.amount);
  if (amount < method.deposit.min || amount > method.deposit.max)
    throw new AppError('InvalidParameterException', {
      invalid_parameters: { amount: 'sumError' },
      min_amount: toMajor(method.deposit.min),
      max_amount: toMajor(method.deposit.max),
    });
  const offerId = input.campaign_offer_id;
  if (offerId !== NO_OFFER && offerId < 1) throw invalidParameters({ campaign_offer_id: 'wrongField' });
  const provider = findPaymentProvider(ctx, method.provider);
  if (!provider) throw new AppError('BillingUnavailableException');
  await assertProfileForDeposit(ctx.db, player);

  const now = ctx.providers.clock.now();
  const id = ctx.providers.random.uuid();
  await ctx.db.transaction(async (tx) => {
    await lockPlayerAccounts(tx, [player.id]);
    await assertDepositWithinLimit(tx, player.id, amount, now);
    await assertMayDeposit(tx, player.id, now);
    if (offerId !== NO_OFFER)
      await checkDepositOffer({
        tx,
        ctx,
        playerId: player.id,
        offerId,
        method: method.sysname,
        amount,
        successfulDeposits: await countSuccessfulDeposits(tx, player.id),
        depositedAt: now,
      });
    await tx.execute(
      sql`insert into cashier_transactions (id, player_id, type, method, provider, amount, currency, status,
            campaign_offer_id, created_at, updated_at)
          values (${id}, ${player.id}, 'deposit', ${method.sysname}, ${provider.name}, ${amount}, ${player.currency},
            'new', ${offerId}, ${now}, ${now})`,
    );
  });
  try {
    const { redirectUrl } = await provider.createDeposit(ctx, {
      transactionId: id,
      playerId: player.id,
      method: method.sysname,
      amount,
      currency: player.currency,
    });
    return { transaction_id: id, redirect_url: redirectUrl, status: 'new' as const };
  } catch {
    await ctx.db.execute(
      sql`update cashier_transactions set status = 'failed', updated_at = ${now} where id = ${id} and status = 'new'`,
    );
    throw new AppError('BillingUnavailableException');
  }
};
