/**
 * What the transparent bonus card shows, computed from a bonus item and the balances: how far the wagering is,
 * what is left to wager, when the bonus ends, and what a withdrawal now would keep and lose (spec §2 burn bonuses:
 * a withdrawal costs an active bonus, and one a pending withdrawal already holds, unless bonus isolation is on).
 */
import { toCents } from '@casino/contracts/money';
import { formatAmount } from '../../../lib/format';

export interface TCardBonus {
  status: string;
  balance: number;
  wager_requirement: number;
  wagered: number;
  expires_at: string | null;
  /** Pending withdrawals hold it (ADR 049): a new withdrawal would hold it too. */
  withdrawal_hold?: { amount: number; count: number } | null;
}

/** Wagered of required, in whole percent (0–100); a bonus with nothing to wager is done. */
export const progressPercent = (bonus: Pick<TCardBonus, 'wager_requirement' | 'wagered'>) => {
  if (bonus.wager_requirement <= 0) return 100;
  const ratio =
    Number(toCents(bonus.wagered.toFixed(2))) / Number(toCents(bonus.wager_requirement.toFixed(2)));
  return Math.max(0, Math.min(100, Math.floor(ratio * 100)));
};

/** What is still to wager, in major units (never below 0). */
export const leftToWager = (bonus: Pick<TCardBonus, 'wager_requirement' | 'wagered'>) =>
  Math.max(0, Number(toCents(bonus.wager_requirement.toFixed(2)) - toCents(bonus.wagered.toFixed(2))) / 100);

export interface TCountdown {
  days: number;
  hours: number;
  minutes: number;
  /** True when the time has run out. */
  over: boolean;
}

/** The time left until `expiresAt` at `now` (null: the bonus never expires). */
export const countdown = (expiresAt: string | null, now: number): TCountdown | null => {
  if (expiresAt === null) return null;
  const left = Math.max(0, Date.parse(expiresAt) - now);
  const minutes = Math.floor(left / 60_000);
  return {
    days: Math.floor(minutes / 1440),
    hours: Math.floor((minutes % 1440) / 60),
    minutes: minutes % 60,
    over: left === 0,
  };
};

/** A bonus whose money a withdrawal now would cost: the active one, or one a pending withdrawal holds already. */
export const isAtStake = (bonus: TCardBonus) =>
  bonus.status === 'active' || (bonus.status === 'available' && Boolean(bonus.withdrawal_hold));

/**
 * A withdrawal now: the player keeps the main balance (what can be withdrawn) and loses the bonus's money when it
 * is at stake (a held one too: the new withdrawal joins the hold), unless bonus isolation keeps the two apart.
 */
export const withdrawNow = (input: {
  main: number;
  bonus: TCardBonus;
  isolation: boolean;
  currency: string;
}) => {
  const lose = isAtStake(input.bonus) && !input.isolation ? input.bonus.balance : 0;
  return {
    keep: formatAmount(input.main, input.currency),
    lose: formatAmount(lose, input.currency),
    losesSomething: lose > 0,
  };
};
