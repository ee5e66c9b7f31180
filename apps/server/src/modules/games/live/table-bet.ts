/**
 * A bet on a shared table's round (crash, live roulette). A player's stake and the bet's records (its play round,
 * what the table lists) are one transaction of the bet pipeline; a visitor's play money is taken first and
 * returned when the bet cannot be recorded (the betting window closed meanwhile).
 */
import type { Cents } from '@casino/contracts';
import type { TExecutor } from '../../../platform/db/database.ts';
import type { TPlayableGame } from '../play/game-lookup.ts';
import type { TOwner } from '../play/owner.ts';
import { betAsPlayer } from '../play/player-bet.ts';
import { purseOf, type TMode } from '../play/purse.ts';
import { betOrNeedDeposit, type TPlayCtx } from '../play/round-steps.ts';

export interface TTableBet {
  owner: TOwner;
  game: TPlayableGame;
  mode: TMode;
  stake: Cents;
}

/** Takes the stake and runs `record` (under the player's lock for a player); answers its value and the balance. */
export const placeTableBet = async <T>(
  ctx: TPlayCtx,
  bet: TTableBet,
  record: (tx: TExecutor, roundId: string) => Promise<T>,
): Promise<{ value: T; balance: Cents }> => {
  const { owner, game, mode, stake } = bet;
  const roundId = ctx.providers.random.uuid();
  if (owner.kind === 'player') {
    const placed = await betAsPlayer(
      ctx,
      { owner, sysname: game.sysname, mode, stake, roundId },
      { record: async (tx) => ({ value: await record(tx, roundId), win: null }) },
    );
    return { value: placed.value, balance: placed.balance };
  }
  const purse = purseOf(ctx, owner, game.sysname, mode);
  const betId = `${roundId}:bet:0`;
  const balance = await betOrNeedDeposit(purse, mode, roundId, betId, stake);
  try {
    return { value: await ctx.db.transaction((tx) => record(tx, roundId)), balance };
  } catch (error) {
    await purse.rollback(roundId, `${roundId}:rollback:0`, betId);
    throw error;
  }
};
