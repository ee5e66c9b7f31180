/**
 * A withdrawal while a bonus is active forfeits it (bonus isolation off), and the player must agree first:
 * cashier.makewithdrawal without burn_bonuses=1 is refused with invalid_parameters.burn_bonuses = 'required' and
 * what would be lost (burn_amount, major units); with the flag the bonuses are forfeited in the withdrawal's own
 * transaction and the withdrawal proceeds. An active bonus with no money left ends without asking. With
 * isolation on the real balance stays free: nothing is asked or forfeited.
 */
import { toMajor } from '@casino/contracts';
import { sql } from 'drizzle-orm';
import { AppError } from '../../platform/http/app-error.ts';
import type { TWithdrawalCheck } from '../cashier/withdrawal-checks.ts';
import { queryRows } from '../ledger/sql.ts';
import { activeBonusMoney, forfeitActiveBonuses } from './engine.ts';

/** general-info's is_bonus_isolation_enabled, read through the executor given (inside a transaction: that one). */
export const isBonusIsolationEnabled = async (db: Parameters<typeof queryRows>[0]) => {
  const [row] = await queryRows<{ on: boolean }>(db, sql`select bonus_isolation_enabled() as on`);
  return row?.on === true;
};

export const bonusWithdrawalCheck: TWithdrawalCheck = async ({ tx, ctx, player, burnBonuses }) => {
  const active = await activeBonusMoney(tx, player.id);
  if (active.length === 0 || (await isBonusIsolationEnabled(tx))) return;
  const atStake = active.reduce((sum, bonus) => sum + bonus.balance, 0n);
  if (atStake > 0n && !burnBonuses)
    throw new AppError('InvalidParameterException', {
      invalid_parameters: { burn_bonuses: 'required' },
      burn_amount: toMajor(atStake),
      currency: player.currency,
      bonus_ids: active.map((bonus) => bonus.bonusId),
    });
  await forfeitActiveBonuses(tx, player.id, 'withdrawal', ctx.providers.clock.now());
};
