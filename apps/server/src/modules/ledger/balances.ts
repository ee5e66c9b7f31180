/** A player's four balances in cents, read from the ledger; and the live `account.balance_updated` event. */
import { type Cents, toMajor } from '@casino/contracts';
import { sql } from 'drizzle-orm';
import type { TEventBus } from '../../platform/bus.ts';
import type { TExecutor } from '../../platform/db/database.ts';
import { queryRows, toBigInt } from './sql.ts';

export interface TBalances {
  main: Cents;
  bonus: Cents;
  betting_bonus: Cents;
  fun: Cents;
}

export const BALANCE_UPDATED = 'account.balance_updated';

export const getBalances = async (db: TExecutor, playerId: number): Promise<TBalances> => {
  const balances: TBalances = { main: 0n, bonus: 0n, betting_bonus: 0n, fun: 0n };
  const rows = await queryRows<{ kind: keyof TBalances; balance: unknown }>(
    db,
    sql`select kind, balance from ledger_accounts where player_id = ${playerId}`,
  );
  for (const row of rows) if (row.kind in balances) balances[row.kind] = toBigInt(row.balance);
  return balances;
};

/**
 * The event payload: `uid` and the balances under the keys of account.getBalance (major units and currency),
 * so the site updates its balance store with the same shape it reads.
 */
export interface TBalanceUpdated {
  uid: number;
  balance: { amount: number; currency: string };
  bonus_balance: { amount: number; currency: string };
  betting_bonus_balance: { amount: number; currency: string };
  fun_balance: { amount: number; currency: string };
  total_balance: { amount: number; currency: string };
}

export const balancePayload = (playerId: number, balances: TBalances, currency: string): TBalanceUpdated => ({
  uid: playerId,
  balance: { amount: toMajor(balances.main), currency },
  bonus_balance: { amount: toMajor(balances.bonus), currency },
  betting_bonus_balance: { amount: toMajor(balances.betting_bonus), currency },
  fun_balance: { amount: toMajor(balances.fun), currency },
  total_balance: { amount: toMajor(balances.main + balances.bonus + balances.betting_bonus), currency },
});

/** Publishes the players' current balances (after the movement committed). */
export const publishBalances = async (db: TExecutor, bus: TEventBus, playerIds: readonly number[]) => {
  for (const playerId of new Set(playerIds)) {
    const [player] = await queryRows<{ currency: string }>(
      db,
      sql`select currency from players_summary_v where id = ${playerId}`,
    );
    const balances = await getBalances(db, playerId);
    await bus.publish(BALANCE_UPDATED, balancePayload(playerId, balances, player?.currency ?? 'USD'));
  }
};
