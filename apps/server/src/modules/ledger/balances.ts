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

/** The event payload: `uid` and each balance as `{ amount, currency }` in major units (the API's money). */
export interface TBalanceUpdated {
  uid: number;
  balances: Record<keyof TBalances, { amount: number; currency: string }>;
}

export const balancePayload = (playerId: number, balances: TBalances, currency: string): TBalanceUpdated => ({
  uid: playerId,
  balances: {
    main: { amount: toMajor(balances.main), currency },
    bonus: { amount: toMajor(balances.bonus), currency },
    betting_bonus: { amount: toMajor(balances.betting_bonus), currency },
    fun: { amount: toMajor(balances.fun), currency },
  },
});

/** Publishes the players' current balances (after the movement committed). */
export const publishBalances = async (db: TExecutor, bus: TEventBus, playerIds: readonly number[]) => {
  for (const playerId of new Set(playerIds)) {
    const [player] = await queryRows<{ currency: string }>(
      db,
      sql`select currency from players where id = ${playerId}`,
    );
    const balances = await getBalances(db, playerId);
    await bus.publish(BALANCE_UPDATED, balancePayload(playerId, balances, player?.currency ?? 'USD'));
  }
};
