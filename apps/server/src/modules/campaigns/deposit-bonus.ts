/**
 * The cashier's deposit-offer handler: makedeposit checks the chosen offer; a paid deposit gets the offer's bonus
 * in the deposit's own transaction — granted by the bonus engine (modules/bonuses) with the grant key
 * `deposit:<deposit id>`, so a repeated webhook never grants twice — after the offer is checked again (a
 * first-deposit bonus goes to the first deposit paid, not to every deposit started before it). The bonus is
 * active at once (house:bonuses → player `bonus`) unless another casino bonus is: then it waits as available.
 */
import { toMajor } from '@casino/contracts';
import { AppError } from '../../platform/http/app-error.ts';
import { BonusError, grantBonus } from '../bonuses/index.ts';
import type { TDepositOfferHandler, TDepositOfferInput } from '../cashier/index.ts';
import { audiencesOfPlayer, findPlayerById } from '../players/index.ts';
import { DEPOSIT_TEMPLATE } from './content.ts';
import { bonusFor, findOffer, refusalOf } from './offers.ts';

const refusalFor = async (input: TDepositOfferInput) => {
  const offer = await findOffer(input.tx, input.offerId);
  // A country-targeted offer (ADR 066) is only for players of those countries.
  const country =
    offer && offer.countries.length > 0
      ? ((await findPlayerById(input.tx, input.playerId))?.countryCode ?? null)
      : undefined;
  // A segment-targeted offer (ADR 068) is only for the segment's players.
  const inSegment =
    offer && offer.segmentId !== null
      ? (await audiencesOfPlayer(input.tx, input.playerId, [offer.segmentId], input.depositedAt)).has(
          offer.segmentId,
        )
      : undefined;
  const refusal = refusalOf(offer, {
    method: input.method,
    amount: input.amount,
    successfulDeposits: input.successfulDeposits,
    at: input.depositedAt,
    country,
    inSegment,
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
    // A template the operator switched off grants nothing; the deposit stands.
    await grantBonus(input.tx, {
      playerId: input.playerId,
      template: promotion.template ?? DEPOSIT_TEMPLATE,
      source: 'deposit_offer',
      sourceRef: input.depositId,
      grantKey: `deposit:${input.depositId}`,
      amount,
      wagerMultiplier: promotion.wager,
      offerId: offer.id,
      depositId: input.depositId,
      now: input.ctx.providers.clock.now(),
    }).catch((error: unknown) => {
      if (!(error instanceof BonusError)) throw error;
    });
  },
};
