/**
 * Betting bonuses counted when a sportsbook bet settles (a settlement consequence of modules/bets, in the
 * settlement's transaction, docs/decisions/024). For the bonus the bet's stake played:
 * - a free bet takes its stake back out of a winning (or cashed-out) payout: the wallet credited the bonus's share
 *   of the payout to the betting bonus balance, and the free stake goes back to house:bonuses, so the player keeps
 *   the winnings only; a void or cancelled bet keeps its returned stake, a lost one has nothing to take;
 * - wagering counts the stake (weighted by the bonus's contributions) only while the bet stands won or lost at or
 *   above the bonus's minimum odds; void, cancelled, cashed out or reopened count nothing.
 * Both are a state per bet (bonus_bet_settlements), so a redelivered, rolled-back or corrected settlement moves only
 * the difference. The free stake goes first: wagering may complete the bonus and convert its balance.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/database.ts';
import type { TBetSettlement, TSettlementConsequence } from '../bets/index.ts';
import { getBalances, HOUSE, lockPlayerAccounts, postInTransaction, queryRows } from '../ledger/index.ts';
import { bonusContributionOf } from './game-contributions.ts';
import type { TPlayerBonus } from './schema.ts';
import { bonusBetSettlements, playerBonuses } from './schema.ts';

const min = (a: bigint, b: bigint) => (a < b ? a : b);

/** Whether a bet at `odds` (thousandths) counts for a bonus asking `minOdds`. */
export const meetsMinOdds = (odds: bigint | null, minOdds: number | null) =>
  minOdds === null || (odds !== null && odds >= BigInt(minOdds));

/**
 * The wagering a bet in this state adds to the bonus; `percent`: the stake's contribution (bonusContributionOf, with
 * the game's own figure of migrations/0941).
 */
export const wageringOf = (s: TBetSettlement, bonus: TPlayerBonus, isolated: boolean, percent: number) => {
  if ((s.status !== 'won' && s.status !== 'lost') || !meetsMinOdds(s.odds, bonus.minOdds)) return 0n;
  const counted = isolated || bonus.isFreeBet ? s.bonusStake : s.stake;
  return (counted * BigInt(percent)) / 100n;
};

/** The free-bet stake a bet in this state gives back out of its payout's bonus share. */
export const freeStakeOf = (s: TBetSettlement, bonus: TPlayerBonus) =>
  bonus.isFreeBet && (s.status === 'won' || s.status === 'cashed_out')
    ? min(s.bonusStake, s.bonusPayout)
    : 0n;

const isolationEnabled = async (tx: TExecutor) =>
  (await queryRows<{ on: boolean }>(tx, sql`select bonus_isolation_enabled() as on`))[0]?.on === true;

/** Moves `delta` of a free-bet stake between the betting bonus balance and the house (positive: to the house). */
const moveFreeStake = async (
  tx: TExecutor,
  bonus: TPlayerBonus,
  s: TBetSettlement,
  delta: bigint,
  move: number,
) => {
  if (bonus.status === 'active') {
    // Never more than the balance holds: the wallet credited the payout's share just before, in this transaction.
    const balance = (await getBalances(tx, bonus.playerId)).betting_bonus;
    const amount = delta > 0n ? min(delta, balance) : delta;
    if (amount === 0n) return 0n;
    await postInTransaction(tx, {
      idempotencyKey: `bonus:${bonus.id}:free_bet:${s.source}:${s.betId}:${move}`,
      kind: 'bonus.free_bet_stake',
      reference: `bonus:${bonus.id}`,
      entries: [
        { account: { playerId: bonus.playerId, kind: 'betting_bonus' }, amount: -amount },
        { account: HOUSE.bonuses, amount },
      ],
      meta: { bonus_id: bonus.id, source: s.source, bet_id: s.betId },
      at: s.at,
    });
    return amount;
  }
  if (bonus.status === 'available') {
    // Paused: its share of the payout went to its stash (bonus_late_share); the stake comes out of the stash.
    const amount = delta > 0n ? min(delta, bonus.stash) : delta;
    await tx
      .update(playerBonuses)
      .set({ stash: bonus.stash - amount, updatedAt: s.at })
      .where(eq(playerBonuses.id, bonus.id));
    return amount;
  }
  // Ended: its share of the payout already went to the house (or was converted when it completed).
  return delta;
};

/** The bet's row and its bonus, locked; null when the bet played no betting bonus. */
const lockCounted = async (tx: TExecutor, s: TBetSettlement) => {
  // The bonus a bet played is its wallet round's, fixed when its stake was taken.
  if (s.bonusId === null) return null;
  // The player first, as a wallet bet does before it touches the bonus row: no lock-order deadlock with a bet.
  await lockPlayerAccounts(tx, [s.playerId]);
  const [counted] = await tx
    .select()
    .from(bonusBetSettlements)
    .where(and(eq(bonusBetSettlements.source, s.source), eq(bonusBetSettlements.betId, s.betId)))
    .for('update');
  const [bonus] = await tx
    .select()
    .from(playerBonuses)
    .where(eq(playerBonuses.id, counted?.bonusId ?? s.bonusId))
    .for('update');
  if (bonus?.type !== 'betting') return null;
  return { counted, bonus };
};

const saveCounted = async (
  tx: TExecutor,
  s: TBetSettlement,
  bonusId: number,
  exists: boolean,
  values: { wagered: bigint; freeStakeTaken: bigint; moves: number },
) => {
  const row = { ...values, updatedAt: s.at };
  if (exists)
    await tx
      .update(bonusBetSettlements)
      .set(row)
      .where(and(eq(bonusBetSettlements.source, s.source), eq(bonusBetSettlements.betId, s.betId)));
  else if (values.freeStakeTaken !== 0n || values.wagered !== 0n || values.moves !== 0)
    await tx
      .insert(bonusBetSettlements)
      .values({ source: s.source, betId: s.betId, playerId: s.playerId, bonusId, ...row });
};

export const bettingBonusSettlement: TSettlementConsequence = {
  name: 'betting_bonus_settlement',
  async apply(tx, s) {
    const locked = await lockCounted(tx, s);
    if (!locked) return;
    const { counted, bonus } = locked;
    let freeStakeTaken = counted?.freeStakeTaken ?? 0n;
    let wagered = counted?.wagered ?? 0n;
    let moves = counted?.moves ?? 0;
    const freeDelta = freeStakeOf(s, bonus) - freeStakeTaken;
    if (freeDelta !== 0n) {
      moves += 1;
      freeStakeTaken += await moveFreeStake(tx, bonus, s, freeDelta, moves);
    }
    const percent = await bonusContributionOf(tx, bonus.contributions, s.game, s.gameKind);
    const wagerDelta = wageringOf(s, bonus, await isolationEnabled(tx), percent) - wagered;
    if (wagerDelta !== 0n && bonus.status === 'active') {
      if (wagerDelta > 0n) await tx.execute(sql`select bonus_wager(${bonus.id}, ${wagerDelta}, ${s.at})`);
      else await tx.execute(sql`select bonus_unwager(${bonus.id}, ${-wagerDelta}, ${s.at})`);
      wagered += wagerDelta;
    }
    await saveCounted(tx, s, bonus.id, counted !== undefined, { wagered, freeStakeTaken, moves });
  },
  // The free stake taken out of the payout goes back onto the payout's bonus share, which the sportsbook then
  // takes back whole; wagering waits for apply().
  async unsettle(tx, s) {
    const locked = await lockCounted(tx, s);
    if (!locked?.counted || locked.counted.freeStakeTaken === 0n) return;
    const { counted, bonus } = locked;
    const moves = counted.moves + 1;
    const freeStakeTaken =
      counted.freeStakeTaken + (await moveFreeStake(tx, bonus, s, -counted.freeStakeTaken, moves));
    await saveCounted(tx, s, bonus.id, true, { wagered: counted.wagered, freeStakeTaken, moves });
  },
};
