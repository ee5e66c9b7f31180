/**
 * Consequences of a bet that settles later than its stake moved (the sportsbook): the stake went through the bet
 * pipeline at placement, but what depends on the bet's outcome (loyalty points count a sportsbook bet when it
 * settles) runs here, inside the settlement's own transaction, with the bet row locked by the caller. A settlement
 * is a state, not an event: each consequence brings its rows in line with `counts` (settled won or lost, or cashed
 * out) and is idempotent by construction (a re-settlement, a rollback of a settlement, a void move the difference).
 */
import type { TExecutor } from '../../platform/db/database.ts';

export interface TBetSettlement {
  /** Who settles it: 'sportsbook'. */
  source: string;
  /** The bet's id in its source. */
  betId: string;
  playerId: number;
  /** The catalogue's kind the bet counts as ('betting'). */
  gameKind: string;
  /** The game the stake was a wallet bet on ('dgt_sportsbook'). */
  game: string;
  /** The bet's state: open, won, lost, void, cancelled or cashed_out. */
  status: string;
  /** The bet's odds in thousandths: a single's or a combo's total, a system bet's lowest line; null: unknown. */
  odds: bigint | null;
  /** What the bet pays now (0 while open or lost). */
  payout: bigint;
  /** The active bonus the stake played when it was placed (the wallet round's), if any. */
  bonusId: number | null;
  /** Minor units of the bet's stake that were that bonus's money. */
  bonusStake: bigint;
  /** Minor units of the payout the wallet credited as that bonus's money (its share of the round's stakes). */
  bonusPayout: bigint;
  /** Minor units staked (all lines of a system bet). */
  stake: bigint;
  /** True when the bet now stands settled with its stake at risk (won, lost, cashed out); false when open again, void or cancelled. */
  counts: boolean;
  at: Date;
}

export interface TSettlementConsequence {
  /** Lower-case letters, digits and underscores. */
  name: string;
  /** Inside the settlement's transaction; a failure rolls the settlement back. */
  apply(tx: TExecutor, settlement: TBetSettlement): Promise<void>;
  /**
   * Optional: the same for many settlements of a batch (distinct bets, each newly settled from open), in a few
   * set-based statements; without it apply() runs for each.
   */
  applyMany?(tx: TExecutor, settlements: readonly TBetSettlement[]): Promise<void>;
  /**
   * Before a settled bet's payout is given back (a rollback, a correction), in the same transaction: puts back
   * what this consequence moved out of that payout, so the source takes back the payout where it was paid.
   * `settlement` is the bet as it stood settled. apply() then brings everything in line with the new state.
   */
  unsettle?(tx: TExecutor, settlement: TBetSettlement): Promise<void>;
  /** After commit: never moves money; a failure is reported, the settlement stands. */
  afterCommit?(playerIds: readonly number[]): Promise<void>;
}

export class SettlementConsequences {
  readonly #consequences: TSettlementConsequence[] = [];
  readonly #report: (error: unknown, consequence: string) => void;

  /** `report`: where an after-commit failure goes (the bet pipeline's reporter, the app's logger). */
  constructor(report: (error: unknown, consequence: string) => void) {
    this.#report = report;
  }

  register(consequence: TSettlementConsequence) {
    if (this.#consequences.some((c) => c.name === consequence.name))
      throw new Error(`settlement consequence registered twice: ${consequence.name}`);
    this.#consequences.push(consequence);
  }

  async apply(tx: TExecutor, settlement: TBetSettlement) {
    for (const c of this.#consequences) await c.apply(tx, settlement);
  }

  async applyMany(tx: TExecutor, settlements: readonly TBetSettlement[]) {
    if (settlements.length === 0) return;
    for (const c of this.#consequences)
      if (c.applyMany) await c.applyMany(tx, settlements);
      else for (const s of settlements) await c.apply(tx, s);
  }

  async unsettle(tx: TExecutor, settlement: TBetSettlement) {
    for (const c of this.#consequences) await c.unsettle?.(tx, settlement);
  }

  async afterCommit(playerIds: readonly number[]) {
    if (playerIds.length === 0) return;
    for (const c of this.#consequences)
      try {
        await c.afterCommit?.(playerIds);
      } catch (error) {
        this.#report(error, c.name);
      }
  }
}
