/**
 * Everything a day's report rows are made of, read through the owning modules' query functions in ONE snapshot
 * (a repeatable-read transaction): the balances at the day's start and end, the movements between and the open
 * bets are then of the same instant, so opening + movements = closing holds while money keeps moving.
 */
import { sql } from 'drizzle-orm';
import type { TDb } from '../../platform/db/database.ts';
import { listJackpotsForOperator } from '../competitions/jackpot-admin.ts';
import { gameDims } from '../games/catalogue/game-dims.ts';
import {
  firstDepositTimes,
  houseMovementsBetween,
  playerBalancesAt,
  playerMovementsBetween,
} from '../ledger/report-movements.ts';
import { playerDims, playerGroupsQuery, registrationsBetween } from '../players/report-dims.ts';
import { openBetStakesAt, voidedAndCashedOutBetween } from '../sportsbook/report-bets.ts';
import { openRoundStakesAt, roundReturnsBetween } from '../wallet/round-stats.ts';

export const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;
export const dayBounds = (day: string) => {
  const from = new Date(`${day}T00:00:00Z`);
  return { from, to: new Date(from.getTime() + 86_400_000) };
};
export const dayOf = (at: Date) => at.toISOString().slice(0, 10);

export const readDayInputs = (db: TDb, day: string) => {
  const { from, to } = dayBounds(day);
  return db.transaction(async (tx) => {
    await tx.execute(sql`set transaction isolation level repeatable read, read only`);
    const [movements, house, balances, rounds, registrations, catalogue, jackpots] = await Promise.all([
      playerMovementsBetween(tx, from, to),
      houseMovementsBetween(tx, from, to),
      playerBalancesAt(tx, [from, to], playerGroupsQuery()),
      roundReturnsBetween(tx, from, to),
      registrationsBetween(tx, from, to),
      gameDims(tx),
      listJackpotsForOperator(tx),
    ]);
    const [roundsOpenAtStart, roundsOpenAtEnd, betsOpenAtStart, betsOpenAtEnd, settledBets] =
      await Promise.all([
        openRoundStakesAt(tx, from),
        openRoundStakesAt(tx, to),
        openBetStakesAt(tx, from),
        openBetStakesAt(tx, to),
        voidedAndCashedOutBetween(tx, from, to),
      ]);
    const players = new Set<number>();
    for (const list of [movements, house, rounds, roundsOpenAtStart, roundsOpenAtEnd, settledBets])
      for (const x of list) if (x.playerId !== null) players.add(x.playerId);
    for (const map of [betsOpenAtStart, betsOpenAtEnd]) for (const id of map.keys()) players.add(id);
    const depositors = [...new Set(movements.filter((m) => m.kind === 'deposit').map((m) => m.playerId))];
    const [dims, firstDeposits] = await Promise.all([
      playerDims(tx, [...players]),
      firstDepositTimes(tx, depositors),
    ]);
    return {
      day,
      from,
      to,
      dims,
      firstDeposits,
      movements,
      house,
      balances,
      rounds,
      registrations,
      catalogue,
      jackpotCurrency: new Map(jackpots.map((j) => [String(j.id), j.currency])),
      roundsOpenAtStart,
      roundsOpenAtEnd,
      betsOpenAtStart,
      betsOpenAtEnd,
      settledBets,
    };
  });
};
export type TDayInputs = Awaited<ReturnType<typeof readDayInputs>>;
