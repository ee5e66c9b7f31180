/**
 * A withdrawal while a bonus is open costs the bonus if it is paid (bonus isolation off), and the player must agree
 * first: cashier.makewithdrawal without burn_bonuses=1 is refused with invalid_parameters.burn_bonuses = 'required'
 * and what would be lost (burn_amount, major units). With the flag, the withdrawal's transaction holds the bonus:
 * its money goes back to the house and waits as its stash, so it is neither played nor lost while the withdrawal
 * waits. Paid: the bonus is forfeited. Cancelled or declined: it comes back (migrations/1130; docs/decisions/049).
 * The bonuses held are the active ones and those another pending withdrawal already holds (the new withdrawal
 * joins that hold). With isolation on the real balance stays free: nothing is asked or held.
 */
import { toMajor } from '@casino/contracts';
import { sql } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type {
  TWithdrawalCheck,
  TWithdrawalPreview,
  TWithdrawalRule,
  TWithdrawalSettle,
} from '../cashier/withdrawal-checks.ts';
import { lockPlayerAccounts } from '../ledger/post-transaction.ts';
import { queryRows, toBigInt } from '../ledger/sql.ts';
import { activeBonusMoney } from './engine.ts';

/** general-info's is_bonus_isolation_enabled, read through the executor given (inside a transaction: that one). */
export const isBonusIsolationEnabled = async (db: Parameters<typeof queryRows>[0]) => {
  const [row] = await queryRows<{ on: boolean }>(db, sql`select bonus_isolation_enabled() as on`);
  return row?.on === true;
};

/** The player's bonuses that pending withdrawals hold, with the money waiting on each (its stash). */
export const heldBonusMoney = async (db: TExecutor, playerId: number) => {
  const rows = await queryRows<{ id: unknown; stash: unknown }>(
    db,
    sql`select b.id, b.stash from player_bonuses b
        where b.player_id = ${playerId} and b.status = 'available'
          and exists (select 1 from bonus_withdrawal_holds h where h.bonus_id = b.id)
        order by b.id`,
  );
  return rows.map((r) => ({ bonusId: Number(r.id), balance: toBigInt(r.stash) }));
};

const bonusesOfWithdrawal = async (db: TExecutor, withdrawalId: string) =>
  (
    await queryRows<{ bonus_id: unknown }>(
      db,
      sql`select bonus_id from bonus_withdrawal_holds where withdrawal_id = ${withdrawalId} order by bonus_id`,
    )
  ).map((r) => Number(r.bonus_id));

const sum = (bonuses: { balance: bigint }[]) => bonuses.reduce((total, bonus) => total + bonus.balance, 0n);

const holdBonuses: TWithdrawalCheck = async ({ tx, ctx, player, transactionId, burnBonuses }) => {
  const open = [...(await activeBonusMoney(tx, player.id)), ...(await heldBonusMoney(tx, player.id))];
  if (open.length === 0 || (await isBonusIsolationEnabled(tx))) return;
  const atStake = sum(open);
  if (atStake > 0n && !burnBonuses)
    throw new AppError('InvalidParameterException', {
      invalid_parameters: { burn_bonuses: 'required' },
      burn_amount: toMajor(atStake),
      currency: player.currency,
      bonus_ids: open.map((bonus) => bonus.bonusId),
    });
  const now = ctx.providers.clock.now();
  let bonusHeld = 0n;
  for (const bonus of open) {
    const [row] = await queryRows<{ held: unknown }>(
      tx,
      sql`select bonus_hold(${bonus.bonusId}, ${transactionId}, ${now}) as held`,
    );
    bonusHeld += toBigInt(row?.held);
  }
  return { bonusHeld };
};

/** Paid: the bonuses the withdrawal held are forfeited. Cancelled or declined: they come back (if no other holds them). */
const settleBonusHolds: TWithdrawalSettle = async ({ tx, ctx, playerId, transactionId, outcome }) => {
  const bonusIds = await bonusesOfWithdrawal(tx, transactionId);
  if (bonusIds.length === 0) return;
  // The player before the bonus rows, as a bet takes them; a stash read under it is the one released.
  await lockPlayerAccounts(tx, [playerId]);
  const now = ctx.providers.clock.now();
  let bonusReturned = 0n;
  for (const bonusId of bonusIds) {
    if (outcome === 'approved') {
      await queryRows(tx, sql`select bonus_forfeit_held(${bonusId}, ${transactionId}, ${now}) as lost`);
      continue;
    }
    const [before] = await queryRows<{ stash: unknown }>(
      tx,
      sql`select stash from player_bonuses where id = ${bonusId}`,
    );
    const [row] = await queryRows<{ outcome: string }>(
      tx,
      sql`select bonus_release(${bonusId}, ${transactionId}, ${now}) as outcome`,
    );
    if (row?.outcome === 'active' || row?.outcome === 'available') bonusReturned += toBigInt(before?.stash);
  }
  return { bonusReturned };
};

/** What a withdrawal now would hold: the active bonuses' money, and the money pending withdrawals already hold. */
const previewBonusHolds: TWithdrawalPreview = async (db, playerId) => {
  if (await isBonusIsolationEnabled(db)) return { bonusActive: 0n, bonusHeld: 0n };
  return {
    bonusActive: sum(await activeBonusMoney(db, playerId)),
    bonusHeld: sum(await heldBonusMoney(db, playerId)),
  };
};

/** The bonus engine's withdrawal rule (registered by module.ts). */
export const bonusWithdrawalCheck: TWithdrawalRule = {
  check: holdBonuses,
  settle: settleBonusHolds,
  preview: previewBonusHolds,
};
