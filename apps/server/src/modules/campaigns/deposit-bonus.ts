/**
 * The cashier's deposit-offer handler: makedeposit checks the chosen offer; a paid deposit gets the offer's bonus
 * in the deposit's own transaction — player `bonus` credited from house:bonuses, keyed by the deposit id so a
 * repeated webhook never pays twice — after the offer is checked again (a first-deposit bonus goes to the first
 * deposit paid, not to every deposit started before it). The bonus is recorded in player_bonuses.
 */
import { toMajor } from '@casino/contracts';
import { AppError } from '../../platform/http/app-error.ts';
import type { TDepositOfferHandler, TDepositOfferInput } from '../cashier/deposit-offers.ts';
import { HOUSE } from '../ledger/accounts.ts';
import { postInTransaction } from '../ledger/post-transaction.ts';
import { bonusFor, findOffer, refusalOf } from './offers.ts';
import { playerBonuses } from './schema.ts';

const refusalFor = async (input: TDepositOfferInput) => {
  const offer = await findOffer(input.tx, input.offerId);
  const refusal = refusalOf(offer, {
    method: input.method,
    amount: input.amount,
    successfulDeposits: input.successfulDeposits,
    at: input.depositedAt,
  });
  return { offer, refusal };
};

export const depositBonusHandler: TDepositOfferHandler = {
  async check(input) {
    const { offer, refusal } = await refusalFor(input);
    if (!refusal) return;
    throw new AppError('InvalidParameterException', {
      invalid_parameters: { campaign_offer_id: refusal },
      ...(refusal === 'offerMinAmount' && offer ? { offer_min_amount: toMajor(offer.minAmount) } : {}),
    });
  },

  async settle(input) {
    const { offer, refusal } = await refusalFor(input);
    // Refused now (another deposit was paid first, the operator switched the offer off): the deposit stands.
    if (refusal || !offer) return;
    const [promotion] = offer.promotions;
    if (!promotion) return;
    const amount = bonusFor(promotion, input.amount);
    if (amount <= 0n) return;
    const now = input.ctx.providers.clock.now();
    const posted = await postInTransaction(input.tx, {
      idempotencyKey: `campaign-bonus:${input.depositId}`,
      kind: 'bonus.grant',
      reference: input.depositId,
      entries: [
        { account: { playerId: input.playerId, kind: 'bonus' }, amount },
        { account: HOUSE.bonuses, amount: -amount },
      ],
      meta: { offer_id: offer.id, offer: offer.sysname, percent: promotion.percent },
      at: now,
    });
    if (posted.replayed) return;
    await input.tx
      .insert(playerBonuses)
      .values({
        playerId: input.playerId,
        offerId: offer.id,
        depositId: input.depositId,
        amount,
        wagerRequirement: amount * BigInt(promotion.wager),
        status: 'active',
        grantedAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: playerBonuses.depositId });
  },
};
