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
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type {
  TWithdrawalCheck,
  TWithdrawalHeldBonus,
  TWithdrawalPreview,
  TWithdrawalRule,
  TWithdrawalSettle,
} from '../cashier/index.ts';
import { lockPlayerAccounts, queryRows, textArray, toBigInt } from '../ledger/index.ts';
import { activeBonusMoney } from './engine.ts';
import { bonusTemplates, playerBonuses } from './schema.ts';
import { wordsOf } from './views.ts';

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

/**
 * The bonuses each of these withdrawals holds (open ones: an expired or removed one has nothing at stake): the rule's
 * `holds`, which the cashier's withdrawal queue shows beside each withdrawal.
 */
export const bonusesHeldBy = async (
  db: TExecutor,
  withdrawals: readonly { id: string; currency: string }[],
): Promise<Map<string, TWithdrawalHeldBonus[]>> => {
  const held = new Map<string, TWithdrawalHeldBonus[]>();
  if (withdrawals.length === 0) return held;
  const holds = await queryRows<{ withdrawal_id: string; bonus_id: unknown; others: unknown }>(
    db,
    sql`select h.withdrawal_id, h.bonus_id,
               (select count(*) from bonus_withdrawal_holds o
                 where o.bonus_id = h.bonus_id and o.withdrawal_id <> h.withdrawal_id) as others
        from bonus_withdrawal_holds h
        where h.withdrawal_id = any(${textArray(withdrawals.map((w) => w.id))}::text[])
        order by h.withdrawal_id, h.bonus_id`,
  );
  if (holds.length === 0) return held;
  const bonuses = await db
    .select({ bonus: playerBonuses, texts: bonusTemplates.description })
    .from(playerBonuses)
    .leftJoin(bonusTemplates, eq(bonusTemplates.id, playerBonuses.templateId))
    .where(
      and(
        inArray(playerBonuses.id, [...new Set(holds.map((h) => Number(h.bonus_id)))]),
        eq(playerBonuses.status, 'available'),
      ),
    );
  const byId = new Map(bonuses.map((row) => [row.bonus.id, row]));
  const currencies = new Map(withdrawals.map((w) => [w.id, w.currency]));
  for (const hold of holds) {
    const row = byId.get(Number(hold.bonus_id));
    if (!row) continue;
    const words = wordsOf(row.bonus, {
      texts: row.texts?.texts,
      locale: 'en',
      currency: currencies.get(hold.withdrawal_id) ?? 'USD',
    });
    held.set(hold.withdrawal_id, [
      ...(held.get(hold.withdrawal_id) ?? []),
      {
        bonusId: row.bonus.id,
        type: row.bonus.type,
        title: words.title,
        stash: row.bonus.stash,
        otherWithdrawals: Number(hold.others),
      },
    ]);
  }
  return held;
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
  holds: bonusesHeldBy,
};
