/**
 * A provider's transaction as the wallet recorded it, for a provider's protocol that must tell "no such bet" from
 * other refusals (Hub88's win referencing a bet: RS_ERROR_TRANSACTION_DOES_NOT_EXIST).
 */
import { sql } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/database.ts';
import { queryRows } from '../ledger/index.ts';

export interface TProviderTransaction {
  type: 'bet' | 'win' | 'rollback';
  status: string;
  playerId: number;
  roundId: string;
}

export const providerTransaction = async (
  db: TExecutor,
  provider: string,
  transactionId: string,
): Promise<TProviderTransaction | null> => {
  const [row] = await queryRows<{
    type: TProviderTransaction['type'];
    status: string;
    player_id: unknown;
    round_id: string;
  }>(
    db,
    sql`select type, status, player_id, round_id from wallet_transactions
         where provider = ${provider} and transaction_id = ${transactionId}`,
  );
  return row
    ? { type: row.type, status: row.status, playerId: Number(row.player_id), roundId: row.round_id }
    : null;
};
