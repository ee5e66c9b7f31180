/**
 * The book's limits: a minimum stake per line; a maximum total stake per bet and per event (the player's open
 * stakes on it), both scaled by the player's stake factor (an operator's setting, 1 by default); a maximum
 * potential payout per bet. Refusals are on `stake`: stakeTooLow, stakeTooHigh, payoutTooHigh (error_data says
 * the limit in major units). The factor and the open stakes come with the book's rows (quote.ts: bookText).
 */
import { type Cents, toMajor } from '@casino/contracts';
import { sql } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/database.ts';
import { queryRows, toBigInt } from '../ledger/index.ts';
import type { TPlannedBet } from './plan.ts';
import { refuse } from './quote.ts';

export const LIMITS = {
  minStake: 50n,
  maxStakePerBet: 500_000n,
  maxStakePerEvent: 1_000_000n,
  maxPayout: 10_000_000n,
} as const;

/** The player's stake factor in thousandths (1000 = the book's limits). */
export const stakeFactorOf = async (db: TExecutor, playerId: number): Promise<bigint> => {
  const [row] = await queryRows<{ f: unknown }>(
    db,
    sql`select round(stake_factor * 1000)::bigint as f from sb_player_limits where player_id = ${playerId}`,
  );
  return row ? toBigInt(row.f) : 1000n;
};

const scaled = (limit: Cents, factor: bigint) => (limit * factor) / 1000n;

/**
 * `factor`: the player's stake factor in thousandths; `staked`: the player's open stakes per event the slip
 * touches; `deskLimits`: the desk's stake limit per selection index (its sport / market, book-limits.ts), null
 * where none: a bet's limit is the lowest of the book's and its legs' ones, scaled by the factor.
 */
export const checkLimits = (
  factor: bigint,
  staked: Map<string, bigint>,
  bets: TPlannedBet[],
  deskLimits: (bigint | null)[] = [],
) => {
  for (const bet of bets) {
    const limit = bet.legs.reduce<bigint>((low, leg) => {
      const desk = deskLimits[leg.index];
      return desk !== null && desk !== undefined && desk < low ? desk : low;
    }, LIMITS.maxStakePerBet);
    const perBet = scaled(limit, factor);
    if (bet.stake < LIMITS.minStake)
      throw refuse('stake', 'stakeTooLow', { min_stake: toMajor(LIMITS.minStake) });
    if (bet.totalStake > perBet) throw refuse('stake', 'stakeTooHigh', { max_stake: toMajor(perBet) });
    if (bet.potentialPayout > LIMITS.maxPayout)
      throw refuse('stake', 'payoutTooHigh', { max_payout: toMajor(LIMITS.maxPayout) });
  }
  const perEvent = scaled(LIMITS.maxStakePerEvent, factor);
  const adding = new Map<string, bigint>();
  for (const bet of bets)
    for (const id of new Set(bet.legs.map((l) => l.event_id)))
      adding.set(id, (adding.get(id) ?? 0n) + bet.totalStake);
  for (const [eventId, amount] of adding)
    if ((staked.get(eventId) ?? 0n) + amount > perEvent)
      throw refuse('stake', 'stakeTooHigh', { max_stake: toMajor(perEvent), event_id: eventId });
};
