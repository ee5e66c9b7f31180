/**
 * leaderboard.get: a tournament's standings, ranked by points, then by who reached the score first, then by id
 * (the index tournament_entries_rank serves the page; the player's place is two index-only counts over it: those
 * with more points, and those with as many who reached them first — one OR of both made it a bitmap heap scan).
 */
import type { TStandingRow, TTournamentScoring } from '@casino/contracts/calls/competitions';
import { toMajor } from '@casino/contracts/money';
import { sql } from 'drizzle-orm';
import { queryRows, type TExecutor } from '../../platform/db/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { pointsOut, publicName } from './points.ts';
import { prizeOfPlace, type TTournamentRow, tournamentById } from './tournament-rows.ts';

interface TEntryRow {
  player_id: string | number;
  points: string;
  fakename: string | null;
  login: string;
}

const toRow = (t: TTournamentRow, place: number, r: TEntryRow, me: number | null): TStandingRow => ({
  place,
  player: publicName(r.fakename, r.login),
  points: pointsOut(t.scoring as TTournamentScoring, r.points),
  prize: toMajor(prizeOfPlace(t, place)),
  is_me: me !== null && Number(r.player_id) === me,
});

/** The place a player holds (1-based) and their row, or null when they have no entry. */
export const placeOf = async (db: TExecutor, t: TTournamentRow, playerId: number) => {
  const [row] = await queryRows<TEntryRow & { place: string }>(
    db,
    sql`select e.player_id, e.points::text as points, p.fakename, p.login,
               (select count(*) from tournament_entries a
                 where a.tournament_id = e.tournament_id and a.points > e.points)
             + (select count(*) from tournament_entries a
                 where a.tournament_id = e.tournament_id and a.points = e.points
                   and (a.reached_at, a.player_id) < (e.reached_at, e.player_id)) + 1 as place
          from tournament_entries e join players_summary_v p on p.id = e.player_id
         where e.tournament_id = ${t.id} and e.player_id = ${playerId}`,
  );
  return row ? toRow(t, Number(row.place), row, playerId) : null;
};

export const standingsPage = async (
  db: TExecutor,
  t: TTournamentRow,
  offset: number,
  count: number,
  me: number | null,
) => {
  const rows = await queryRows<TEntryRow>(
    db,
    sql`select e.player_id, e.points::text as points, p.fakename, p.login
          from tournament_entries e join players_summary_v p on p.id = e.player_id
         where e.tournament_id = ${t.id}
         order by e.points desc, e.reached_at, e.player_id offset ${offset} limit ${count}`,
  );
  return rows.map((r, i) => toRow(t, offset + i + 1, r, me));
};

export const getLeaderboard = async (
  db: TExecutor,
  input: { tournamentId: number; offset: number; count: number; playerId: number | null },
) => {
  const t = await tournamentById(db, input.tournamentId);
  if (!t || t.state === 'cancelled')
    throw new AppError('InvalidParameterException', { invalid_parameters: { tournament_id: 'wrongField' } });
  const [items, total, me] = await Promise.all([
    standingsPage(db, t, input.offset, input.count, input.playerId),
    queryRows<{ n: string }>(
      db,
      sql`select count(*)::text as n from tournament_entries where tournament_id = ${t.id}`,
    ),
    input.playerId === null ? null : placeOf(db, t, input.playerId),
  ]);
  return { tournament_id: t.id, items, count: Number(total[0]?.n ?? 0), me };
};
