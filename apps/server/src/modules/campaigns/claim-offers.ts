/**
 * campaigns.takepromotions: an offer that needs no deposit (action claim) is taken by the player, once: its reward
 * — a freespins pack (whose winnings become a bonus) or a bonus from a template — is granted in one transaction
 * under the player's lock, with the offer checked (live, the player satisfies its condition). A player in a
 * time-out or self-exclusion is refused (marketing respects limits), and so is any on a browser that met one.
 */
import { toMajor } from '@casino/contracts';
import { sql } from 'drizzle-orm';
import type { TAppContext } from '../../platform/context.ts';
import { AppError, invalidParameters } from '../../platform/http/app-error.ts';
import { BonusError, bonusItem, grantBonus } from '../bonuses/index.ts';
import { countSuccessfulDeposits } from '../cashier/index.ts';
import { grantFreespinsPack } from '../games/index.ts';
import { lockPlayerAccounts, publishBalances, queryRows } from '../ledger/index.ts';
import type { TPlayer } from '../players/index.ts';
import { assertMayReceiveOffers } from '../responsible-gaming/index.ts';
import { findOffer, isLive, satisfiesCondition } from './offers.ts';
import { offerClaims } from './schema.ts';

export const takePromotions = async (
  ctx: TAppContext,
  input: { player: TPlayer; offerId: number; locale: string; isBrowserPaused: boolean },
) => {
  const now = ctx.providers.clock.now();
  const { player } = input;
  if (input.isBrowserPaused) throw new AppError('AccessDeniedException', { reason: 'self_excluded' });
  await assertMayReceiveOffers(ctx.db, player.id, now);
  const taken = await ctx.db.transaction(async (tx) => {
    await lockPlayerAccounts(tx, [player.id]);
    const offer = await findOffer(tx, input.offerId);
    if (offer?.action !== 'claim' || !offer.reward || !isLive(offer, now))
      throw invalidParameters({ offer_id: 'wrongField' });
    if (!satisfiesCondition(offer.condition, await countSuccessfulDeposits(tx, player.id)))
      throw invalidParameters({ offer_id: 'offerNotEligible' });
    const claimed = await queryRows(
      tx,
      sql`insert into offer_claims (offer_id, player_id, claimed_at) values (${offer.id}, ${player.id}, ${now})
          on conflict do nothing returning offer_id`,
    );
    if (claimed.length === 0) throw invalidParameters({ offer_id: 'offerTaken' });
    const reward = offer.reward;
    const grantKey = `offer:${offer.id}:${player.id}`;
    let bonusId: number | null = null;
    let packId: number | null = null;
    if (reward.type === 'freespins')
      packId = await grantFreespinsPack(
        { db: tx, providers: ctx.providers },
        {
          playerId: player.id,
          sysname: reward.sysname,
          count: reward.count,
          stake: BigInt(reward.bet),
          source: `offer:${offer.sysname}`,
          grantKey,
        },
      );
    else
      try {
        bonusId = (
          await grantBonus(tx, {
            playerId: player.id,
            template: reward.template,
            amount: BigInt(reward.amount),
            source: 'offer',
            sourceRef: offer.sysname,
            grantKey,
            offerId: offer.id,
            now,
          })
        ).bonusId;
      } catch (error) {
        if (error instanceof BonusError) throw invalidParameters({ offer_id: 'wrongField' });
        throw error;
      }
    await tx
      .update(offerClaims)
      .set({ bonusId, freespinsPackId: packId })
      .where(sql`${offerClaims.offerId} = ${offer.id} and ${offerClaims.playerId} = ${player.id}`);
    return { offer, bonusId };
  });
  await publishBalances(ctx.db, ctx.bus, [player.id]);
  const reward = taken.offer.reward;
  return {
    offer_id: taken.offer.id,
    bonus_item:
      taken.bonusId === null ? null : await bonusItem(ctx.db, taken.bonusId, input.locale, player.currency),
    freespins:
      reward?.type === 'freespins'
        ? { game: { sysname: reward.sysname }, count: reward.count, bet: toMajor(BigInt(reward.bet)) }
        : null,
  };
};
