/**
 * What the back-office reads of the bets: bets by id, player, event or status with their legs, the debts that
 * settlement rollbacks and corrections leave, and a player's stake factor with the limits it makes. Money is in
 * cents, each bet or debt in its player's currency (read from the players' table, as bets-view.ts does).
 */
import type { Cents } from '@casino/contracts';
import { sql } from 'drizzle-orm';
import type { TExecutor } from '../../../platform/db/database.ts';
import { queryRows, toBigInt } from '../../ledger/index.ts';
import { LIMITS, stakeFactorOf } from '../limits.ts';
import { ADMIN_PAGE_SIZE } from './event-queries.ts';

export { BET_STATUSES, searchBets, type TAdminBet, type TBetFilter } from './bet-list.ts';

export interface TDebt {
  id: number;
  playerId: number;
  currency: string;
  betId: number;
  amount: Cents;
  remaining: Cents;
  createdAt: Date;
  repaidAt: Date | null;
}

/** Debts left by settlement rollbacks: open (still owed), repaid, or all; the outstanding total over all of them. */
export const listDebts = async (
  db: TExecutor,
  input: { status: 'open' | 'repaid' | 'all'; playerId?: number; page: number },
) => {
  const rows = await queryRows<{
    id: unknown;
    player_id: unknown;
    bet_id: unknown;
    amount: unknown;
    remaining: unknown;
    created_at: string | Date;
    repaid_at: string | Date | null;
    currency: string;
  }>(
    db,
    sql`select d.id, d.player_id, p.currency, d.bet_id, d.amount, d.remaining, d.created_at, d.repaid_at
          from sb_debts d join players_summary_v p on p.id = d.player_id
         where ${input.status === 'open' ? sql`d.remaining > 0` : input.status === 'repaid' ? sql`d.remaining = 0` : sql`true`}
           ${input.playerId ? sql`and d.player_id = ${input.playerId}` : sql``}
         order by d.id desc limit ${ADMIN_PAGE_SIZE + 1} offset ${input.page * ADMIN_PAGE_SIZE}`,
  );
  const [total] = await queryRows<{ owed: unknown; players: unknown }>(
    db,
    sql`select coalesce(sum(remaining), 0) as owed, count(distinct player_id) as players from sb_debts
         where remaining > 0 ${input.playerId ? sql`and player_id = ${input.playerId}` : sql``}`,
  );
  return {
    debts: rows.slice(0, ADMIN_PAGE_SIZE).map(
      (d): TDebt => ({
        id: Number(d.id),
        playerId: Number(d.player_id),
        currency: d.currency,
        betId: Number(d.bet_id),
        amount: toBigInt(d.amount),
        remaining: toBigInt(d.remaining),
        createdAt: new Date(d.created_at),
        repaidAt: d.repaid_at === null ? null : new Date(d.repaid_at),
      }),
    ),
    hasMore: rows.length > ADMIN_PAGE_SIZE,
    outstanding: toBigInt(total?.owed),
    owingPlayers: Number(total?.players ?? 0),
  };
};

/** A player's stake factor (thousandths; 1000 = the book's limits), the limits it makes, and their open bets. */
export const playerLimits = async (db: TExecutor, playerId: number) => {
  const factor = await stakeFactorOf(db, playerId);
  const [row] = await queryRows<{ updated_at: string | Date | null; bets: unknown; stake: unknown }>(
    db,
    sql`select (select updated_at from sb_player_limits where player_id = ${playerId}) as updated_at,
               count(*) as bets, coalesce(sum(total_stake), 0) as stake
          from sb_bets where player_id = ${playerId} and status = 'open'`,
  );
  return {
    factor,
    updatedAt: row?.updated_at ? new Date(row.updated_at) : null,
    minStake: LIMITS.minStake,
    maxStakePerBet: (LIMITS.maxStakePerBet * factor) / 1000n,
    maxStakePerEvent: (LIMITS.maxStakePerEvent * factor) / 1000n,
    maxPayout: LIMITS.maxPayout,
    openBets: Number(row?.bets ?? 0),
    openStake: toBigInt(row?.stake),
  };
};
