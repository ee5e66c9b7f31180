/**
 * What placement writes and answers without another round trip: ONE call that inserts a slip's bets and their
 * legs (it travels with the stake and the commit; in a batch of placements, one call for all their slips), and the
 * placed bets as the API shows them, built from the book's rows it was judged on and the ids the insert returned.
 */
import type { TBet } from '@casino/contracts/calls/sportsbook';
import { sqlJson } from '../../platform/db/sql-literal.ts';
import { toBigInt } from '../ledger/index.ts';
import type { TSharedStatement } from '../wallet/index.ts';
import { betView } from './bets-view.ts';
import type { TPlannedBet } from './plan.ts';
import type { TBookRow } from './quote.ts';

export interface TPlacement {
  playerId: number;
  betUuid: string;
  token: string;
  roundId: string;
  now: Date;
}

/**
 * The insert of every bet of the slip and its legs, as the part of one sb_bets_insert_many call that a batch's
 * slips share (wallet/statements.ts); the slip's rows are one row, `ids`: its bets' ids in seq order.
 */
export const insertPart = (input: TPlacement, bets: TPlannedBet[]): TSharedStatement<object> => {
  const betRows = bets.map((bet, seq) => ({
    player_id: input.playerId,
    bet_uuid: input.betUuid,
    seq,
    type: bet.type,
    system_size: bet.systemSize,
    system_name: bet.systemName,
    lines: bet.lines,
    stake: bet.stake.toString(),
    total_stake: bet.totalStake.toString(),
    potential_payout: bet.potentialPayout.toString(),
    is_live: bet.legs.some((l) => l.live),
    wallet_token: input.token,
    round_id: input.roundId,
    placed_at: input.now.toISOString(),
  }));
  const legRows = bets.flatMap((bet, seq) =>
    bet.legs.map((l, leg) => ({
      seq,
      leg,
      event_id: l.event_id,
      market_id: Number(l.market_id),
      specifiers: l.specifiers,
      outcome_id: l.outcome_id,
      odds: l.taken,
      player_id: input.playerId,
      bet_uuid: input.betUuid,
    })),
  );
  return {
    kind: 'sb_bets.insert',
    part: { bets: betRows, legs: legRows },
    merge: (slips) => `select * from sb_bets_insert_many(${sqlJson(slips)})`,
    rowsOf: (rows) => {
      const own = rows
        .filter((row) => Number(row.player_id) === input.playerId && row.bet_uuid === input.betUuid)
        .sort((a, b) => Number(a.seq) - Number(b.seq));
      return [{ ids: own.map((row) => row.id) }];
    },
  };
};

/** The placed bets as sportsbook.getBets would show them at the moment they were recorded. */
export const placedView = (
  input: TPlacement,
  bets: TPlannedBet[],
  book: TBookRow[],
  ids: unknown[],
  marginPercent: number,
): TBet[] => {
  const rowOf = new Map<string, TBookRow>();
  for (const row of book) rowOf.set(String(row.i), row);
  const currency = book[0]?.currency ?? 'USD';
  return bets.map((bet, seq) => {
    const id = toBigInt(ids[seq]);
    return betView(
      {
        id,
        bet_uuid: input.betUuid,
        type: bet.type,
        system_size: bet.systemSize,
        system_name: bet.systemName,
        lines: bet.lines,
        stake: bet.stake,
        total_stake: bet.totalStake,
        potential_payout: bet.potentialPayout,
        payout: 0n,
        status: 'open',
        is_live: bet.legs.some((l) => l.live),
        placed_at: input.now,
        settled_at: null,
        currency,
      },
      bet.legs.map((l, leg) => {
        const row = rowOf.get(String(l.index)) as TBookRow;
        return {
          bet_id: id,
          leg,
          event_id: l.event_id,
          market_id: l.market_id,
          specifiers: l.specifiers,
          outcome_id: l.outcome_id,
          odds: l.taken,
          cancelled: false,
          result: row.result,
          void_halves: row.void_halves,
          dead_heat: row.dead_heat,
          current_odds: row.odds,
          outcome_active: row.active,
          market_status: row.market_status,
          watchdog_suspended: row.watchdog_suspended,
          competitors: row.competitors ?? [],
          event_status: row.event_status,
        };
      }),
      marginPercent,
    );
  });
};
