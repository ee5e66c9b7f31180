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

export const BET_STATUSES = ['open', 'won', 'lost', 'void', 'cashed_out', 'cancelled'] as const;

export interface TAdminBet {
  id: number;
  playerId: number;
  currency: string;
  type: string;
  systemName: string | null;
  lines: number;
  stake: Cents;
  totalStake: Cents;
  potentialPayout: Cents;
  payout: Cents;
  status: string;
  isLive: boolean;
  placedAt: Date;
  settledAt: Date | null;
  legs: {
    eventId: string;
    marketId: number;
    specifiers: string;
    outcomeId: string;
    odds: number;
    cancelled: boolean;
    result: number | null;
    voidHalves: number | null;
  }[];
}

export interface TBetFilter {
  betId?: number;
  playerId?: number;
  eventId?: string;
  status?: string;
}

/** Bets by id, player, event or status (any combination), newest first, each with its legs. */
export const searchBets = async (db: TExecutor, filter: TBetFilter, page = 0) => {
  const rows = await queryRows<{
    id: unknown;
    player_id: unknown;
    type: string;
    system_name: string | null;
    system_size: number | null;
    lines: number;
    stake: unknown;
    total_stake: unknown;
    potential_payout: unknown;
    payout: unknown;
    status: string;
    is_live: boolean;
    placed_at: string | Date;
    settled_at: string | Date | null;
    currency: string;
  }>(
    db,
    sql`select b.id, b.player_id, p.currency, b.type, b.system_name, b.system_size, b.lines, b.stake, b.total_stake,
               b.potential_payout, b.payout, b.status, b.is_live, b.placed_at, b.settled_at
          from sb_bets b join players_summary_v p on p.id = b.player_id
         where true
           ${filter.betId ? sql`and b.id = ${filter.betId}` : sql``}
           ${filter.playerId ? sql`and b.player_id = ${filter.playerId}` : sql``}
           ${filter.status ? sql`and b.status = ${filter.status}` : sql``}
           ${filter.eventId ? sql`and exists (select 1 from sb_bet_legs l where l.bet_id = b.id and l.event_id = ${filter.eventId})` : sql``}
         order by b.id desc limit ${ADMIN_PAGE_SIZE + 1} offset ${page * ADMIN_PAGE_SIZE}`,
  );
  const bets = rows.slice(0, ADMIN_PAGE_SIZE);
  const legs =
    bets.length === 0
      ? []
      : await queryRows<{
          bet_id: unknown;
          event_id: string;
          market_id: number;
          specifiers: string;
          outcome_id: string;
          odds: number;
          cancelled: boolean;
          result: number | null;
          void_halves: number | null;
        }>(
          db,
          sql`select l.bet_id, l.event_id, l.market_id, l.specifiers, l.outcome_id, l.odds, l.cancelled,
                     o.result, o.void_halves
                from sb_bet_legs l
                left join sb_outcomes o on o.event_id = l.event_id and o.market_id = l.market_id
                     and o.specifiers = l.specifiers and o.outcome_id = l.outcome_id
               where l.bet_id in (${sql.join(
                 bets.map((b) => sql`${Number(b.id)}`),
                 sql`, `,
               )})
               order by l.bet_id, l.leg`,
        );
  return {
    bets: bets.map(
      (b): TAdminBet => ({
        id: Number(b.id),
        playerId: Number(b.player_id),
        currency: b.currency,
        type: b.type,
        systemName:
          b.system_name ??
          (b.system_size
            ? `${b.system_size} of ${legs.filter((l) => Number(l.bet_id) === Number(b.id)).length}`
            : null),
        lines: Number(b.lines),
        stake: toBigInt(b.stake),
        totalStake: toBigInt(b.total_stake),
        potentialPayout: toBigInt(b.potential_payout),
        payout: toBigInt(b.payout),
        status: b.status,
        isLive: b.is_live === true,
        placedAt: new Date(b.placed_at),
        settledAt: b.settled_at === null ? null : new Date(b.settled_at),
        legs: legs
          .filter((l) => Number(l.bet_id) === Number(b.id))
          .map((l) => ({
            eventId: l.event_id,
            marketId: Number(l.market_id),
            specifiers: l.specifiers,
            outcomeId: l.outcome_id,
            odds: Number(l.odds),
            cancelled: l.cancelled === true,
            result: l.result === null ? null : Number(l.result),
            voidHalves: l.void_halves === null ? null : Number(l.void_halves),
          })),
      }),
    ),
    hasMore: rows.length > ADMIN_PAGE_SIZE,
  };
};

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
