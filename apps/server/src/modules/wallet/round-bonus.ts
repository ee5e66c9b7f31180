/** The bonus money in a wallet round's stakes (migrations/0511): what a bet that settles later played with. */
import { sql } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/database.ts';
import { queryRows, textArray, toBigInt } from '../ledger/index.ts';

export interface TRoundBonus {
  /** The active bonus the round's stakes played, if any. */
  bonusId: number | null;
  betTotal: bigint;
  bonusBetTotal: bigint;
}

/** The round of a session's provider (`token`) as the wallet keeps it. */
export const roundBonus = async (db: TExecutor, token: string, roundId: string): Promise<TRoundBonus> => {
  const [row] = await queryRows<{ bonus_id: unknown; bet_total: unknown; bonus_bet_total: unknown }>(
    db,
    sql`select g.bonus_id, g.bet_total, g.bonus_bet_total from game_rounds g
          join wallet_sessions w on w.provider = g.provider
         where w.token = ${token} and g.round_id = ${roundId}`,
  );
  return {
    bonusId: row?.bonus_id === null || row?.bonus_id === undefined ? null : Number(row.bonus_id),
    betTotal: toBigInt(row?.bet_total ?? 0),
    bonusBetTotal: toBigInt(row?.bonus_bet_total ?? 0),
  };
};

const keyOf = (token: string, roundId: string) => `${token}\n${roundId}`;

/** The rounds of many (session, round) pairs in one query (a settlement batch); a missing one has no bonus. */
export const roundBonuses = async (db: TExecutor, keys: readonly { token: string; roundId: string }[]) => {
  const rows =
    keys.length === 0
      ? []
      : await queryRows<{
          token: string;
          round_id: string;
          bonus_id: unknown;
          bet_total: unknown;
          bonus_bet_total: unknown;
        }>(
          db,
          sql`select k.token, k.round_id, g.bonus_id, g.bet_total, g.bonus_bet_total
                from unnest(${textArray(keys.map((k) => k.token))}::text[],
                            ${textArray(keys.map((k) => k.roundId))}::text[]) as k(token, round_id)
                join wallet_sessions w on w.token = k.token
                -- One index probe per key (LIMIT keeps the lateral a probe, not a hash of the whole table).
                cross join lateral (select g.bonus_id, g.bet_total, g.bonus_bet_total from game_rounds g
                                     where g.provider = w.provider and g.round_id = k.round_id limit 1) g`,
        );
  const found = new Map<string, TRoundBonus>();
  for (const row of rows)
    found.set(keyOf(row.token, row.round_id), {
      bonusId: row.bonus_id === null || row.bonus_id === undefined ? null : Number(row.bonus_id),
      betTotal: toBigInt(row.bet_total ?? 0),
      bonusBetTotal: toBigInt(row.bonus_bet_total ?? 0),
    });
  const none: TRoundBonus = { bonusId: null, betTotal: 0n, bonusBetTotal: 0n };
  return (token: string, roundId: string) => found.get(keyOf(token, roundId)) ?? none;
};

/** The bonus part of `amount` of the round: as the wallet splits a win (main never gets more than its share). */
export const bonusPartOf = (round: TRoundBonus, amount: bigint) =>
  round.bonusBetTotal > 0n && round.betTotal > 0n
    ? amount - (amount * (round.betTotal - round.bonusBetTotal)) / round.betTotal
    : 0n;
