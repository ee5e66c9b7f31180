/**
 * A freespins pack's winnings become a bonus with wagering. The bonuses module sits above games, so it registers
 * the grant at start (bonuses/module.ts) and a finished round asks for it here.
 */
import { contextSlot, type TAppContext } from '../../../platform/context.ts';
import type { TExecutor } from '../../../platform/db/database.ts';

/** The bonus template a freespins pack's winnings are granted from (content/bonuses/templates.json). */
export const FREESPINS_WINNINGS_TEMPLATE = 'freespins_winnings';

export interface TFreespinsWinnings {
  playerId: number;
  amount: bigint;
  roundId: string;
  now: Date;
}
export type TFreespinsWinningsGrant = (db: TExecutor, winnings: TFreespinsWinnings) => Promise<unknown>;

const grant = contextSlot<TFreespinsWinningsGrant, object>(
  'no freespins winnings grant: the bonuses module registers it at start',
);

export const registerFreespinsWinningsGrant = (
  ctx: Pick<TAppContext, 'bets'>,
  winningsGrant: TFreespinsWinningsGrant,
) => grant.fill(ctx.bets, winningsGrant);

export const grantFreespinsWinnings = (
  ctx: Pick<TAppContext, 'bets' | 'db'>,
  winnings: TFreespinsWinnings,
): Promise<unknown> => grant.get(ctx.bets)(ctx.db, winnings);
