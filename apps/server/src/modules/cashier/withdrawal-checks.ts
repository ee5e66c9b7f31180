/**
 * A registry of extra withdrawal checks, run inside the withdrawal's transaction under the player's lock.
 * The bonus engine registers one (modules/bonuses/withdrawal-forfeit.ts): it may throw an AppError to block the
 * withdrawal, or move money (hold a bonus) through the ledger with the transaction it is given, and then settle
 * what it did when the withdrawal is paid, cancelled or declined (in that transaction, under the withdrawal's lock).
 */
import type { Cents } from '@casino/contracts';
import type { TBonusType } from '@casino/contracts/calls/bonuses';
import type { TAppContext } from '../../platform/context.ts';
import type { TExecutor } from '../../platform/db/database.ts';
import type { TPlayer } from '../players/index.ts';

export interface TWithdrawalCheckInput {
  tx: TExecutor;
  ctx: TAppContext;
  player: TPlayer;
  amount: Cents;
  method: string;
  transactionId: string;
  /** The player agreed to lose their active bonuses (makewithdrawal's burn_bonuses=1). */
  burnBonuses: boolean;
}

/** What a check did beside letting the withdrawal through: the bonus money it paused until the withdrawal settles. */
export interface TWithdrawalCheckEffect {
  bonusHeld?: Cents;
}

export type TWithdrawalCheck = (input: TWithdrawalCheckInput) => Promise<TWithdrawalCheckEffect | undefined>;

export type TWithdrawalOutcome = 'approved' | 'cancelled' | 'declined';

export interface TWithdrawalSettleInput {
  tx: TExecutor;
  ctx: TAppContext;
  playerId: number;
  transactionId: string;
  outcome: TWithdrawalOutcome;
}

/** What settling gave back to the player beside the withdrawn money: the bonus money a cancel or decline returned. */
export interface TWithdrawalSettleEffect {
  bonusReturned?: Cents;
}

export type TWithdrawalSettle = (
  input: TWithdrawalSettleInput,
) => Promise<TWithdrawalSettleEffect | undefined>;

/** What a withdrawal requested now would put at stake (cashier.getwithdrawsettings), read outside a transaction. */
export type TWithdrawalPreview = (db: TExecutor, playerId: number) => Promise<TWithdrawalStake>;

export interface TWithdrawalStake {
  /** Bonus money a withdrawal would pause now (an active bonus's balance). */
  bonusActive: Cents;
  /** Bonus money already paused by pending withdrawals, which a new one would hold too. */
  bonusHeld: Cents;
}

/** A bonus a pending withdrawal holds, as the back-office's withdrawal queue shows it beside the withdrawal. */
export interface TWithdrawalHeldBonus {
  bonusId: number;
  type: TBonusType;
  title: string;
  /** Its money waiting on it: lost if the withdrawal is paid, back if it is declined (and no other holds it). */
  stash: Cents;
  /** Other pending withdrawals that hold it too (a decline of this one then leaves it held). */
  otherWithdrawals: number;
}

/** What each of these pending withdrawals holds (by withdrawal id), for the operator's queue. */
export type TWithdrawalHolds = (
  db: TExecutor,
  withdrawals: readonly { id: string; currency: string }[],
) => Promise<Map<string, TWithdrawalHeldBonus[]>>;

/**
 * A check with what settles it when the withdrawal is paid, cancelled or declined, what previews it, and what it
 * holds while the withdrawal waits.
 */
export interface TWithdrawalRule {
  check: TWithdrawalCheck;
  settle?: TWithdrawalSettle;
  preview?: TWithdrawalPreview;
  holds?: TWithdrawalHolds;
}

const checks = new Map<string, TWithdrawalRule>();

/** Registers (or replaces) a named check or rule; answers a function that removes it. */
export const registerWithdrawalCheck = (name: string, check: TWithdrawalCheck | TWithdrawalRule) => {
  const rule: TWithdrawalRule = typeof check === 'function' ? { check } : check;
  checks.set(name, rule);
  return () => {
    if (checks.get(name) === rule) checks.delete(name);
  };
};

export const runWithdrawalChecks = async (input: TWithdrawalCheckInput) => {
  let bonusHeld = 0n;
  for (const { check } of checks.values()) bonusHeld += (await check(input))?.bonusHeld ?? 0n;
  return { bonusHeld };
};

export const settleWithdrawalChecks = async (input: TWithdrawalSettleInput) => {
  let bonusReturned = 0n;
  for (const { settle } of checks.values())
    if (settle) bonusReturned += (await settle(input))?.bonusReturned ?? 0n;
  return { bonusReturned };
};

export const previewWithdrawalChecks = async (db: TExecutor, playerId: number): Promise<TWithdrawalStake> => {
  const stake: TWithdrawalStake = { bonusActive: 0n, bonusHeld: 0n };
  for (const { preview } of checks.values())
    if (preview) {
      const part = await preview(db, playerId);
      stake.bonusActive += part.bonusActive;
      stake.bonusHeld += part.bonusHeld;
    }
  return stake;
};

/** The bonuses each of these pending withdrawals holds, by withdrawal id (the rules' holds, together). */
export const withdrawalHolds: TWithdrawalHolds = async (db, withdrawals) => {
  const held = new Map<string, TWithdrawalHeldBonus[]>();
  for (const { holds } of checks.values())
    if (holds)
      for (const [id, bonuses] of await holds(db, withdrawals))
        held.set(id, [...(held.get(id) ?? []), ...bonuses]);
  return held;
};
