/**
 * A sportsbook bet as the settlement consequences of the bet pipeline see it (modules/bets): its state, its odds
 * and the bonus money it played. Loyalty points count it while it stands won, lost or cashed out (its stake was at
 * risk); a betting bonus's wagering counts it only won or lost at or above the bonus's minimum odds, and a free bet
 * takes its stake back out of a winning payout (modules/bonuses/betting-settlement.ts).
 */
import { sql } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/database.ts';
import type { TBetSettlement } from '../bets/index.ts';
import { queryRows, toBigInt } from '../ledger/index.ts';
import { bonusPartOf, roundBonus, type TRoundBonus } from '../wallet/index.ts';
import { linesOf } from './settlement-math.ts';
import { SPORTSBOOK_GAME } from './sportsbook-game.ts';

interface TSettledBet {
  id: unknown;
  player_id: unknown;
  type: string;
  system_size: number | null;
  system_name: string | null;
  total_stake: unknown;
  wallet_token: string;
  round_id: string;
}

/** Π of a line's odds in thousandths, rounded down; a system bet answers its lowest line. */
export const betOdds = (
  bet: Pick<TSettledBet, 'type' | 'system_size' | 'system_name'>,
  legOdds: number[],
) => {
  let lowest: bigint | null = null;
  for (const line of linesOf(bet.type, legOdds.length, bet.system_size, bet.system_name)) {
    let num = 1n;
    let den = 1n;
    for (const i of line) {
      num *= BigInt(legOdds[i] ?? 1000);
      den *= 1000n;
    }
    const odds = (num * 1000n) / den;
    if (lowest === null || odds < lowest) lowest = odds;
  }
  return lowest;
};

/** The settlement as the consequences see it, from the bet's leg odds and wallet round (no query). */
export const settlementFrom = (
  bet: TSettledBet,
  status: string,
  payout: bigint,
  at: Date,
  legOdds: number[],
  round: TRoundBonus,
): TBetSettlement => {
  const stake = toBigInt(bet.total_stake);
  return {
    source: 'sportsbook',
    betId: String(bet.id),
    playerId: Number(bet.player_id),
    gameKind: 'betting',
    game: SPORTSBOOK_GAME,
    stake,
    status,
    counts: status === 'won' || status === 'lost' || status === 'cashed_out',
    odds: betOdds(bet, legOdds),
    payout,
    bonusId: round.bonusId,
    bonusStake: round.betTotal > 0n ? (round.bonusBetTotal * stake) / round.betTotal : 0n,
    bonusPayout: bonusPartOf(round, payout),
    at,
  };
};

export const settlementOf = async (
  tx: TExecutor,
  bet: TSettledBet,
  status: string,
  payout: bigint,
  at: Date,
): Promise<TBetSettlement> => {
  const legs = await queryRows<{ odds: unknown }>(
    tx,
    sql`select odds from sb_bet_legs where bet_id = ${Number(bet.id)} order by leg`,
  );
  const round = await roundBonus(tx, bet.wallet_token, bet.round_id);
  return settlementFrom(
    bet,
    status,
    payout,
    at,
    legs.map((l) => Number(l.odds)),
    round,
  );
};
