/**
 * A bet on a shared table's round (crash, live roulette), a player's or a visitor's: one bet of the wallet's
 * placeBet. The table's round is read under the owner's lock (`tableRoundRead`); the caller's plan judges it (the
 * betting window still open) and records the bet (its play round, what the table lists) with the stake.
 */
import type { Cents } from '@casino/contracts';
import { sqlText } from '../../../platform/db/sql-literal.ts';
import type { TRoundOrder } from '../../wallet/index.ts';
import type { TPlayableGame } from '../play/game-lookup.ts';
import { placeOwnerBet, type TMode } from '../play/game-wallet.ts';
import type { TOwner } from '../play/owner.ts';
import type { TPlayCtx } from '../play/round-steps.ts';

export interface TTableBet {
  owner: TOwner;
  game: TPlayableGame;
  mode: TMode;
  stake: Cents;
}

/** The table's round, locked for the bet's transaction (its betting window cannot close under the bet). */
export const tableRoundRead = (tableRoundId: string) =>
  `select * from live_table_rounds where id = ${sqlText(tableRoundId)} for update`;

/**
 * Takes the stake and records the bet as `order(roundId)` plans it; answers the plan's value, the rows its records
 * returned (statement by statement) and the balance.
 */
export const placeTableBet = async <T>(
  ctx: TPlayCtx,
  bet: TTableBet,
  order: (roundId: string) => TRoundOrder<T>,
): Promise<{ value: T; recorded: Record<string, unknown>[][]; balance: Cents }> => {
  const { owner, game, mode, stake } = bet;
  const roundId = ctx.providers.random.uuid();
  const placed = await placeOwnerBet(
    ctx,
    owner,
    {
      sysname: game.sysname,
      mode,
      roundId,
      transactionId: `${roundId}:bet:0`,
      stake,
      source: 'shared_tables',
    },
    order(roundId),
  );
  return { value: placed.value, recorded: placed.recorded, balance: placed.balance };
};
