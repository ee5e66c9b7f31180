/**
 * Rebuilds one day's report rows from the ledger (money) and the rounds (RTP statistics), through the owning
 * modules' query functions. A day is replaced as a whole in one transaction, so any day can be recomputed.
 */
import { eq, sql } from 'drizzle-orm';
import type { TDb } from '../../platform/db/database.ts';
import { gameDims } from '../games/catalogue/game-dims.ts';
import {
  firstDepositTimes,
  playerMovementsBetween,
  type TMovementGroup,
} from '../ledger/report-movements.ts';
import { playerDims, registrationsBetween } from '../players/report-dims.ts';
import { roundReturnsBetween } from '../wallet/round-stats.ts';
import { reportDays, reportPlayerDays, reportRegistrations, type TReportRow } from './schema.ts';

export const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;
export const dayBounds = (day: string) => {
  const from = new Date(`${day}T00:00:00Z`);
  return { from, to: new Date(from.getTime() + 86_400_000) };
};
export const dayOf = (at: Date) => at.toISOString().slice(0, 10);

type TAcc = Omit<TReportRow, 'day' | 'country' | 'currency'>;
const emptyRow = (
  playerId: number,
  product: string,
  game: string,
  provider: string,
  gameKind: string,
): TAcc => ({
  playerId,
  product,
  game,
  provider,
  gameKind,
  stakes: 0n,
  wins: 0n,
  rounds: 0,
  returnSum: 0,
  returnSqSum: 0,
  deposits: 0n,
  depositCount: 0,
  firstDeposits: 0,
  withdrawals: 0n,
  bonusGranted: 0n,
  bonusConverted: 0n,
});

const BONUS_ACCOUNTS = new Set(['bonus', 'betting_bonus']);
/** A sportsbook movement that gives a stake back (not a win). */
const STAKE_RETURN = /\.(refund|rollback|void|cancel)/;

export const recomputeReportDay = async (db: TDb, day: string, now: Date) => {
  if (!DAY_RE.test(day)) throw new Error(`not a day: ${day}`);
  const { from, to } = dayBounds(day);
  const [movements, rounds, registrations, catalogue] = await Promise.all([
    playerMovementsBetween(db, from, to),
    roundReturnsBetween(db, from, to),
    registrationsBetween(db, from, to),
    gameDims(db),
  ]);
  const rows = new Map<string, TAcc>();
  const productOfGame = (game: string, declared: string) =>
    declared === 'betting' || declared === 'casino'
      ? declared
      : catalogue.get(game)?.kind === 'betting'
        ? 'betting'
        : 'casino';
  const rowOf = (playerId: number, product: string, game: string, provider = '') => {
    const key = `${playerId}|${product}|${game}`;
    let row = rows.get(key);
    if (!row) {
      const dims = catalogue.get(game);
      row = emptyRow(playerId, product, game, dims?.provider ?? provider, dims?.kind ?? '');
      rows.set(key, row);
    }
    return row;
  };
  const play = (m: TMovementGroup, product: string) => {
    const row = rowOf(m.playerId, product, m.game);
    if (m.kind === 'game.bet') row.stakes = (row.stakes ?? 0n) - m.amount;
    else if (m.kind === 'game.rollback') row.stakes = (row.stakes ?? 0n) - m.amount;
    else if (m.kind === 'game.win') row.wins = (row.wins ?? 0n) + m.amount;
    else if (STAKE_RETURN.test(m.kind) || m.amount < 0n) row.stakes = (row.stakes ?? 0n) - m.amount;
    else row.wins = (row.wins ?? 0n) + m.amount;
  };
  const depositors = new Set<number>();
  for (const m of movements) {
    if (m.kind.startsWith('game.')) play(m, productOfGame(m.game, m.product));
    else if (m.kind.startsWith('sportsbook.')) play(m, 'betting');
    else if (m.kind === 'deposit') {
      const row = rowOf(m.playerId, '', '');
      row.deposits = (row.deposits ?? 0n) + m.amount;
      row.depositCount = (row.depositCount ?? 0) + m.count;
      depositors.add(m.playerId);
    } else if (m.kind === 'withdrawal.approved') {
      const row = rowOf(m.playerId, '', '');
      row.withdrawals = (row.withdrawals ?? 0n) - m.amount;
    } else if (m.kind.startsWith('bonus.') && BONUS_ACCOUNTS.has(m.account)) {
      const row = rowOf(m.playerId, m.account === 'betting_bonus' ? 'betting' : 'casino', '');
      if (m.kind.startsWith('bonus.grant')) row.bonusGranted = (row.bonusGranted ?? 0n) + m.amount;
      else if (m.kind.includes('conver')) row.bonusConverted = (row.bonusConverted ?? 0n) - m.amount;
    }
  }
  const firsts = await firstDepositTimes(db, [...depositors]);
  for (const [playerId, at] of firsts)
    if (at >= from && at < to) {
      const row = rowOf(playerId, '', '');
      row.firstDeposits = 1;
    }
  for (const r of rounds) {
    const row = rowOf(r.playerId, productOfGame(r.game, ''), r.game, r.provider);
    row.rounds = (row.rounds ?? 0) + r.rounds;
    row.returnSum = (row.returnSum ?? 0) + r.returnSum;
    row.returnSqSum = (row.returnSqSum ?? 0) + r.returnSqSum;
  }
  const dims = await playerDims(db, [...new Set([...rows.values()].map((r) => r.playerId))]);
  const values: TReportRow[] = [...rows.values()].map((row) => ({
    ...row,
    day,
    country: dims.get(row.playerId)?.country ?? '',
    currency: dims.get(row.playerId)?.currency ?? '',
  }));
  await db.transaction(async (tx) => {
    await tx.delete(reportPlayerDays).where(eq(reportPlayerDays.day, day));
    await tx.delete(reportRegistrations).where(eq(reportRegistrations.day, day));
    await tx.execute(sql`delete from report_daily where day = ${day}`);
    for (let at = 0; at < values.length; at += 1000)
      await tx.insert(reportPlayerDays).values(values.slice(at, at + 1000));
    await tx.execute(sql`insert into report_daily
      select day, product, game, max(provider), max(game_kind), country, currency, sum(stakes), sum(wins), sum(rounds),
        sum(return_sum), sum(return_sq_sum), sum(deposits), sum(deposit_count), sum(first_deposits), sum(withdrawals),
        sum(bonus_granted), sum(bonus_converted)
      from report_player_days where day = ${day} group by day, currency, country, product, game`);
    await tx.execute(sql`select report_rebuild_active_players(${day}::date)`);
    if (registrations.length > 0)
      await tx.insert(reportRegistrations).values(registrations.map((r) => ({ ...r, day })));
    await tx
      .insert(reportDays)
      .values({ day, computedAt: now })
      .onConflictDoUpdate({ target: reportDays.day, set: { computedAt: now } });
  });
  return { day, rows: values.length };
};
