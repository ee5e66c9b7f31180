/**
 * The responsible-gaming rules at the places money moves or a player comes in. Each is called by its owner's
 * code under the player's lock: sign-in (auth), makedeposit (cashier), the wallet's bet (every game, ours and
 * third parties'). Refusals are AccessDeniedException with error_data.reason (see the contracts file).
 */
import { toMajor } from '@casino/contracts';
import type { TExecutor } from '../../platform/db/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { activeSecondsSince } from './activity.ts';
import { type BetRulesCache, betRulesOf } from './bet-rules.ts';
import { activeExclusion, exclusionError } from './exclusions.ts';
import { readLimit, type TLimit } from './limits.ts';
import { netLossSince } from './play-totals.ts';

const DAY_MS = 86_400_000;
const windowStart = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);

const sessionLimitError = async (db: TExecutor, playerId: number, now: Date, known?: TLimit) => {
  const limit = known ?? (await readLimit(db, playerId, 'session', now));
  if (limit.days === null || limit.amount === null) return null;
  const used = await activeSecondsSince(db, playerId, windowStart(now, limit.days));
  if (used < Number(limit.amount) * 60) return null;
  return new AppError('AccessDeniedException', {
    reason: 'session_limit_reached',
    period: String(limit.days),
    limit_minutes: Number(limit.amount),
    logout: true,
  });
};

/** Sign-in: refused while a time-out or self-exclusion is in force. */
export const assertMaySignIn = async (db: TExecutor, playerId: number, now: Date) => {
  const exclusion = await activeExclusion(db, playerId, now);
  if (exclusion) throw exclusionError(exclusion);
};

/**
 * Marketing that gives something (a promo code's activation, a cashback payout, a campaign popup's offer): refused
 * while a time-out or self-exclusion is in force, with the same clear error as a sign-in.
 */
export const assertMayReceiveOffers = assertMaySignIn;

/** A deposit: refused while excluded or past the session-time limit. (Deposit limits are the cashier's.) */
export const assertMayDeposit = async (db: TExecutor, playerId: number, now: Date) => {
  await assertMaySignIn(db, playerId, now);
  const sessionError = await sessionLimitError(db, playerId, now);
  if (sessionError) throw sessionError;
};

/** The §8 error a stake meets, or null when it may go: exclusion, session time, then (real money) loss limit. */
export const betRefusal = async (
  db: TExecutor,
  input: { playerId: number; mode: 'real' | 'demo'; amount: bigint; now: Date },
  rules: BetRulesCache,
): Promise<AppError | null> => {
  const { playerId, now } = input;
  const { exclusion, limits } = await rules.read(db, playerId, now);
  if (exclusion) return exclusionError(exclusion);
  const sessionError = await sessionLimitError(db, playerId, now, limits.session);
  if (sessionError) return sessionError;
  if (input.mode !== 'real') return null;
  const limit = limits.loss;
  if (limit.days === null || limit.amount === null) return null;
  const lost = await netLossSince(db, playerId, windowStart(now, limit.days));
  if (lost + input.amount <= limit.amount) return null;
  const available = limit.amount > lost ? limit.amount - lost : 0n;
  return new AppError('AccessDeniedException', {
    reason: 'loss_limit_exceeded',
    period: String(limit.days),
    limit_amount: toMajor(limit.amount),
    available_amount: toMajor(available),
  });
};

/**
 * The wallet's bet asks this inside its transaction, before money moves: the §8 error that refuses the bet, or
 * null. `db` is the database whose copy of the rules to use (betRulesOf); `tx` reads what is not copied.
 */
export const mayBetRefusal = (
  tx: TExecutor,
  input: { playerId: number; mode: 'real' | 'demo'; amount: bigint; now: Date },
  db: TExecutor,
) => betRefusal(tx, input, betRulesOf(db));
