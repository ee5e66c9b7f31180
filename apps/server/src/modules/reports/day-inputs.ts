/**
 * Everything a day's report rows are made of, read through the owning modules' query functions inside the
 * caller's snapshot (a repeatable-read transaction, aggregate-day.ts), which also measured the balances at the
 * day's start and end: the balances, the movements between and the open bets are then of the same instant, so
 * opening + movements = closing holds while money keeps moving.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type TExecutor } from '../../platform/db/database.ts';
import { listJackpotsForOperator } from '../competitions/index.ts';
import { gameDims } from '../games/index.ts';
import {
  depositedBefore,
  houseMovementsBetween,
  playerMovementsBetween,
  type TBalanceGroup,
} from '../ledger/index.ts';
import { playerDims, registrationsBetween } from '../players/index.ts';
import { openBetStakesAt, voidedAndCashedOutBetween } from '../sportsbook/index.ts';
import { openRoundStakesAt, roundReturnsBetween } from '../wallet/index.ts';

export const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;
export const dayBounds = (day: string) => {
  const from = new Date(`${day}T00:00:00Z`);
  return { from, to: new Date(from.getTime() + 86_400_000) };
};
export const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/** Of these players, those with deposits on a day before `day` in the aggregates. */
const depositedOnDaysBefore = async (tx: TExecutor, playerIds: number[], day: string) => {
  if (playerIds.length === 0) return new Set<number>();
  const rows = await queryRows<{ player_id: string }>(
    tx,
    sql`select p::text as player_id from jsonb_array_elements_text(${JSON.stringify(playerIds)}::jsonb) p
        where exists (select 1 from report_player_days r
                      where r.player_id = p::bigint and r.day < ${day}::date and r.deposits > 0)`,
  );
  return new Set(rows.map((r) => Number(r.player_id)));
};

/** `balances`: the day's players' balances at its start and end (`at` [start, end]) measured in the snapshot. */
export const readDayInputs = async (tx: TExecutor, day: string, balances: TBalanceGroup[]) => {
  const { from, to } = dayBounds(day);
  // One connection holds the snapshot: its queries run one after another.
  const movements = await playerMovementsBetween(tx, from, to);
  const house = await houseMovementsBetween(tx, from, to);
  const rounds = await roundReturnsBetween(tx, from, to);
  const registrations = await registrationsBetween(tx, from, to);
  const catalogue = await gameDims(tx);
  const jackpots = await listJackpotsForOperator(tx);
  const roundsOpenAtStart = await openRoundStakesAt(tx, from);
  const roundsOpenAtEnd = await openRoundStakesAt(tx, to);
  const betsOpenAtStart = await openBetStakesAt(tx, from);
  const betsOpenAtEnd = await openBetStakesAt(tx, to);
  const settledBets = await voidedAndCashedOutBetween(tx, from, to);
  const players = new Set<number>();
  for (const list of [movements, house, rounds, roundsOpenAtStart, roundsOpenAtEnd, settledBets])
    for (const x of list) if (x.playerId !== null) players.add(x.playerId);
  for (const map of [betsOpenAtStart, betsOpenAtEnd]) for (const id of map.keys()) players.add(id);
  const depositors = [...new Set(movements.filter((m) => m.kind === 'deposit').map((m) => m.playerId))];
  const dims = await playerDims(tx, [...players]);
  // Who deposited on an earlier day aggregated is known here; the ledger is asked about the others only.
  const known = await depositedOnDaysBefore(tx, depositors, day);
  const before = await depositedBefore(
    tx,
    depositors.filter((id) => !known.has(id)),
    from,
  );
  const firstDeposits = depositors.filter((id) => !known.has(id) && !before.has(id));
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
    /** A pool account's currency (`house:jackpot:<tier>`): contribution lines are grouped by pool (ADR 070). */
    poolCurrency: new Map<string, string>(
      jackpots.flatMap((j) => j.tiers.map((tier) => [`house:jackpot:${tier.id}`, j.currency] as const)),
    ),
    roundsOpenAtStart,
    roundsOpenAtEnd,
    betsOpenAtStart,
    betsOpenAtEnd,
    settledBets,
  };
};
export type TDayInputs = Awaited<ReturnType<typeof readDayInputs>>;
