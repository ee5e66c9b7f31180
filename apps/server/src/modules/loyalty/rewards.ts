/**
 * Rewards of levels, quests and shop products, paid inside the caller's transaction and once (keyed by `key`):
 * - bonus: a bonus from the engine's `loyalty_reward` template (its own wagering; active at once unless another
 *   casino bonus is, then it waits in the bonus queue);
 * - cash: real money to `main` from house:loyalty;
 * - points: an entry in the points ledger (counts towards lifetime).
 * - freespins: a pack of `amount` spins on `game` at `stake` cents each (games' grantFreespinsPack, once per key).
 */
import { toMajor } from '@casino/contracts';
import type { TLoyaltyReward } from '@casino/contracts/calls/loyalty';
import type { TExecutor } from '../../platform/db/database.ts';
import { grantBonus } from '../bonuses/index.ts';
import { grantFreespinsPack } from '../games/index.ts';
import type { THouseAccount } from '../ledger/index.ts';
import { postInTransaction } from '../ledger/index.ts';
import { writePointsEntry } from './points.ts';
import { toPoints } from './text.ts';

/** As stored: amount in cents (bonus, cash) or centipoints (points). */
export interface TStoredReward {
  type: 'bonus' | 'cash' | 'points' | 'item' | 'freespins';
  amount: number;
  /** Freespins: the slot and the stake of each spin in cents. */
  game?: string;
  stake?: number;
}

/** Where loyalty's real-money rewards come from. */
export const HOUSE_LOYALTY: THouseAccount = 'house:loyalty';

export const publicReward = (reward: TStoredReward): TLoyaltyReward =>
  reward.type === 'freespins'
    ? { type: 'freespins', amount: reward.amount, game: reward.game ?? '' }
    : {
        type: reward.type,
        amount:
          reward.type === 'points'
            ? toPoints(reward.amount)
            : reward.type === 'item'
              ? 0
              : toMajor(BigInt(reward.amount)),
      };

export interface TPaidReward {
  /** Something moved (false for an item, which an operator delivers). */
  moved: boolean;
  /** The bonus a bonus reward granted (its messages say where it went: active or queued). */
  bonusId: number | null;
}

/** Pays a reward. */
export const payReward = async (
  tx: TExecutor,
  input: { playerId: number; reward: TStoredReward; key: string; at: Date; meta?: Record<string, unknown> },
): Promise<TPaidReward> => {
  const { playerId, reward, key, at } = input;
  const meta = input.meta ?? {};
  if (reward.amount <= 0 || reward.type === 'item') return { moved: false, bonusId: null };
  const amount = BigInt(reward.amount);
  if (reward.type === 'bonus') {
    const granted = await grantBonus(tx, {
      playerId,
      template: 'loyalty_reward',
      source: 'loyalty',
      sourceRef: key,
      grantKey: key,
      amount,
      now: at,
    });
    return { moved: true, bonusId: granted.bonusId };
  }
  if (reward.type === 'freespins') {
    if (!reward.game || !reward.stake) throw new Error(`freespins reward ${key} needs a game and a stake`);
    await grantFreespinsPack(
      { db: tx, now: at },
      {
        playerId,
        sysname: reward.game,
        count: reward.amount,
        stake: BigInt(reward.stake),
        source: 'loyalty',
        grantKey: key,
      },
    );
  } else if (reward.type === 'cash')
    await postInTransaction(tx, {
      idempotencyKey: key,
      kind: 'loyalty.reward',
      reference: key,
      entries: [
        { account: { playerId, kind: 'main' }, amount },
        { account: HOUSE_LOYALTY, amount: -amount },
      ],
      meta,
      at,
    });
  else
    await writePointsEntry(tx, {
      playerId,
      kind: 'reward',
      delta: amount,
      lifetimeDelta: amount,
      reference: key,
      meta,
      at,
    });
  return { moved: true, bonusId: null };
};
